import type { PlanDefinition } from '@cloud9/contracts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatUsd = (amount: number) => usd.format(amount);

/** KB as the plan table stores it, shown in the unit people think in. */
export function formatMedia(kb: number): string {
  return kb >= 1024 ? `${Math.round((kb / 1024) * 10) / 10} MB` : `${kb} KB`;
}

export function formatEditWindow(minutes: PlanDefinition['editTimeout']): string {
  if (minutes === null) return 'Edit any time';
  if (minutes <= 0) return 'No editing after posting';
  if (minutes % 60 === 0) return `Edit for ${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `Edit for ${minutes} minutes`;
}
