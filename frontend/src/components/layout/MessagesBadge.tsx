import { DM_MESSAGES } from '@cloud9/contracts';
import { useDmUnread } from '../../queries/directMessages';

/** Unread messages and waiting requests, as one count (the badge reads again on every message, read mark and reconnect). */
export function useMessagesCount(): number {
  const { data } = useDmUnread();
  const count = (data?.unread ?? 0) + (data?.requests ?? 0);
  return Number.isFinite(count) ? count : 0;
}

/** The Messages link's name: "Messages", or "Messages, 3 unread". */
export const messagesLabel = (count: number) => (count > 0 ? `${DM_MESSAGES.title}, ${DM_MESSAGES.unreadLabel(count)}` : DM_MESSAGES.title);

/**
 * The count on the Messages link (its name says it: messagesLabel). Drawn from an attribute by CSS,
 * so the link's visible text stays its label, which its name starts with (WCAG 2.5.3, label in name).
 */
export function MessagesBadge({ count, className }: { count: number; className: string }) {
  if (count <= 0) return null;
  return <span className={`nav-count ${className}`} aria-hidden="true" data-count={count > 99 ? '99+' : String(count)} data-testid={className} />;
}
