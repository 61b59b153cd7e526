import { planFor } from '@cloud9/contracts';

/** A group's name from the plan table: Admin, Staff, Basic, Silver… */
const groupName = (groupId: number): string => planFor(groupId)?.name ?? `Group ${groupId}`;

/** '6 · Silver': the id admins work with, and what it means. */
export const groupLabel = (groupId: number): string => `${groupId} · ${groupName(groupId)}`;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A server timestamp for admins: date and time in the viewer's zone; the raw text if it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
