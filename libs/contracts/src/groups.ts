/** Group ids on the user: admin 1, staff 2–4, plans 5–9. */
export const GroupId = {
  Admin: 1,
  Staff2: 2,
  Staff3: 3,
  Staff4: 4,
  Basic: 5,
  Silver: 6,
  Gold: 7,
  Platinum: 8,
  Diamond: 9,
} as const;
export type GroupIdValue = (typeof GroupId)[keyof typeof GroupId];

export const ADMIN_GROUP_ID = GroupId.Admin;
export const DEFAULT_GROUP_ID = GroupId.Basic;
export const STAFF_GROUP_IDS: readonly number[] = [2, 3, 4];
export const PAID_GROUP_IDS: readonly number[] = [6, 7, 8, 9];
export const ALL_GROUP_IDS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

export type Role = 'admin' | 'staff' | 'basic' | 'premium';

export function roleOf(groupId: number): Role {
  if (groupId === GroupId.Admin) return 'admin';
  if (STAFF_GROUP_IDS.includes(groupId)) return 'staff';
  if (PAID_GROUP_IDS.includes(groupId)) return 'premium';
  return 'basic';
}

export const isAdmin = (groupId: number | null | undefined): boolean => groupId === GroupId.Admin;
export const isStaff = (groupId: number | null | undefined): boolean =>
  groupId != null && STAFF_GROUP_IDS.includes(groupId);
export const isPaidPlan = (groupId: number | null | undefined): boolean =>
  groupId != null && PAID_GROUP_IDS.includes(groupId);
export const isValidGroupId = (groupId: unknown): groupId is number =>
  typeof groupId === 'number' && ALL_GROUP_IDS.includes(groupId);
