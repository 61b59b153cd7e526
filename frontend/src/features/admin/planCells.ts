import type { GroupPlan } from '@cloud9/contracts';

/** Cell texts of the group settings table (the plan table, with admin and staff rows). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const feeCell = (plan: GroupPlan) => (plan.subscriptionFee > 0 ? usd.format(plan.subscriptionFee) : 'Free');

export const mediaCell = (kb: number) => (kb >= 1024 ? `${Math.round((kb / 1024) * 10) / 10} MB` : `${kb} KB`);

export function editCell(minutes: GroupPlan['editTimeout']): string {
  if (minutes === null) return 'Any time';
  if (minutes <= 0) return 'No editing';
  return `${minutes} min`;
}

export const boostsCell = (n: number) => (n > 0 ? String(n) : 'none');

export const priorityCell = (yes: boolean) => (yes ? 'Yes' : 'No');
