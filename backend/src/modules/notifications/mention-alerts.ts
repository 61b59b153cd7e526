/** A post (or reply) alerts at most this many of the accounts it mentions, over all its edits. */
export const MENTION_ALERTS_PER_POST = 10;

/** Which mention alerts a post's text calls for, given those it already raised. */
export interface MentionAlertPlan {
  /** Accounts to alert now, in text order. */
  raise: number[];
  /** Alerted accounts the text no longer mentions: their alerts are withdrawn. */
  withdraw: number[];
}

/**
 * `mentioned`: the existing accounts the text mentions, in text order, each once. The author is
 * never alerted and takes no place. Accounts already alerted and still mentioned keep their alert
 * (an edit that only moves them does not alert them again); new ones are alerted in text order
 * while fewer than MENTION_ALERTS_PER_POST alerts of the post stand.
 */
export function planMentionAlerts(authorId: number, mentioned: number[], alerted: number[] = []): MentionAlertPlan {
  const still = new Set(mentioned);
  const withdraw = alerted.filter((id) => !still.has(id));
  const kept = new Set(alerted.filter((id) => still.has(id)));
  const room = Math.max(0, MENTION_ALERTS_PER_POST - kept.size);
  const raise = mentioned.filter((id) => id !== authorId && !kept.has(id)).slice(0, room);
  return { raise, withdraw };
}
