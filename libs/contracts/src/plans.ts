import { GroupId } from './groups';

/** One row of the plan table as stored in `groups` and sent by GET /api/group/:id. */
export interface PlanDefinition {
  id: number;
  name: string;
  description: string;
  /** USD per month. */
  subscriptionFee: number;
  /** Characters per post. */
  postLimit: number;
  /** Largest upload in KB. */
  mediaLimit: number;
  /** Minutes a post stays editable; 0 = never; null = any time. */
  editTimeout: number | null;
  /** Boost requests granted per month. */
  monthlyBoosts: number;
  priorityBoost: boolean;
  /** Platinum and Diamond are 'Coming Soon'. */
  isAvailable: boolean;
}

/**
 * Every group's limits. Plans 5–9 are the plans on sale; admin and staff rows:
 * admin edits any time, staff within 60 minutes; both write at the largest plan's length.
 */
export const PLANS: readonly PlanDefinition[] = [
  { id: GroupId.Admin, name: 'Admin', description: 'Administrators of Cloud 9 Social.', subscriptionFee: 0, postLimit: 3000, mediaLimit: 20480, editTimeout: null, monthlyBoosts: 0, priorityBoost: false, isAvailable: false },
  { id: GroupId.Staff2, name: 'Staff', description: 'Moderation staff.', subscriptionFee: 0, postLimit: 3000, mediaLimit: 20480, editTimeout: 60, monthlyBoosts: 0, priorityBoost: false, isAvailable: false },
  { id: GroupId.Staff3, name: 'Staff', description: 'Support staff.', subscriptionFee: 0, postLimit: 3000, mediaLimit: 20480, editTimeout: 60, monthlyBoosts: 0, priorityBoost: false, isAvailable: false },
  { id: GroupId.Staff4, name: 'Staff', description: 'Community staff.', subscriptionFee: 0, postLimit: 3000, mediaLimit: 20480, editTimeout: 60, monthlyBoosts: 0, priorityBoost: false, isAvailable: false },
  { id: GroupId.Basic, name: 'Basic', description: 'Free forever: post, like, reply, repost and follow.', subscriptionFee: 0, postLimit: 300, mediaLimit: 2048, editTimeout: 0, monthlyBoosts: 0, priorityBoost: false, isAvailable: false },
  { id: GroupId.Silver, name: 'Silver', description: 'Longer posts, bigger media, a 30-minute edit window and 1 boost a month.', subscriptionFee: 4.99, postLimit: 500, mediaLimit: 4096, editTimeout: 30, monthlyBoosts: 1, priorityBoost: true, isAvailable: true },
  { id: GroupId.Gold, name: 'Gold', description: '1000-character posts, 8 MB media, a 60-minute edit window and 2 boosts a month.', subscriptionFee: 9.99, postLimit: 1000, mediaLimit: 8192, editTimeout: 60, monthlyBoosts: 2, priorityBoost: true, isAvailable: true },
  { id: GroupId.Platinum, name: 'Platinum', description: '2000-character posts, 16 MB media, a 2-hour edit window and 3 boosts a month.', subscriptionFee: 14.99, postLimit: 2000, mediaLimit: 16384, editTimeout: 120, monthlyBoosts: 3, priorityBoost: true, isAvailable: false },
  { id: GroupId.Diamond, name: 'Diamond', description: '3000-character posts, 20 MB media, a 3-hour edit window and 4 boosts a month.', subscriptionFee: 19.99, postLimit: 3000, mediaLimit: 20480, editTimeout: 180, monthlyBoosts: 4, priorityBoost: true, isAvailable: false },
];

export function planFor(groupId: number): PlanDefinition | undefined {
  return PLANS.find((p) => p.id === groupId);
}

/** Annual price: 11 × the monthly fee (one month free), rounded to cents. */
export function annualPrice(monthlyFee: number): number {
  return Math.round(monthlyFee * 11 * 100) / 100;
}

/**
 * The one PayPal subscription status that is paid. APPROVED (the buyer agreed, PayPal has not yet
 * taken the payment) is pending: the server keeps the account's plan until PayPal says ACTIVE.
 */
export const SUBSCRIPTION_PAID_STATUS = 'ACTIVE';
