import { planFor } from '../plans';

/**
 * Edit window: minutes from the plan table; Basic 0 = cannot edit;
 * admin (editTimeout null) any time; staff 60 minutes.
 */
export function editWindowMinutes(groupId: number): number | null {
  const plan = planFor(groupId);
  return plan ? plan.editTimeout : 0;
}

/** Whether a post created at `createdAt` may still be edited by a member of `groupId` at `now`. */
export function canEditWithinWindow(groupId: number, createdAt: Date | string, now: Date = new Date()): boolean {
  const minutes = editWindowMinutes(groupId);
  if (minutes === null) return true;
  if (minutes <= 0) return false;
  const created = new Date(createdAt).getTime();
  if (Number.isNaN(created)) return false;
  return now.getTime() - created <= minutes * 60_000;
}

/** When the window closes, or null when it never does (or never opened). */
export function editDeadline(groupId: number, createdAt: Date | string): Date | null {
  const minutes = editWindowMinutes(groupId);
  if (minutes === null || minutes <= 0) return null;
  return new Date(new Date(createdAt).getTime() + minutes * 60_000);
}
