import type { IncomingHttpHeaders } from 'node:http';
import type { CachedSessionStore } from './cached-session-store';
import { pastAbsoluteEnd, renewalDue, type SessionLifetimes } from './session-renewal';
import { cookieValue, unsignValue, type SessionCookie } from './signed-session-cookie';

/** At most this many verified cookie values are remembered; the oldest goes first. */
const MAX_VERIFIED = 10_000;

/**
 * The signed-in member of a read-only request, found without express-session, for the lighter path
 * of hot reads: only what is certain from memory. `null` when the request has no session cookie
 * (signed out, as sessionWhenSent treats it); the session's user id when the session is held in
 * this process (CachedSessionStore, so a sign-out or revocation on any instance drops it as it
 * drops the full pipeline's); `undefined` for anything else, which the full pipeline must judge: a
 * cookie whose session is not held here, an unsigned or forged one, a session without a user,
 * without its sign-in time, past its absolute lifetime or due for its daily renewal (that answer
 * ends the session or sends a new cookie).
 */
export class SessionPeek {
  /** Signed cookie values already verified, and their session ids: the HMAC is the costly part. */
  private readonly verified = new Map<string, string>();
  private readonly marker: string;

  constructor(
    private readonly store: CachedSessionStore,
    private readonly cookie: SessionCookie,
    private readonly lifetimes: SessionLifetimes,
  ) {
    this.marker = `${cookie.name}=`;
  }

  userIdOf(headers: IncomingHttpHeaders): number | null | undefined {
    if (!headers.cookie?.includes(this.marker)) return null;
    const raw = cookieValue(headers.cookie, this.cookie.name);
    if (!raw?.startsWith('s:')) return undefined;
    const sid = this.sessionId(raw);
    const session = sid ? this.store.peek(sid) : undefined;
    if (!session?.userId || session.createdAt === undefined || !session.cookie?.expires) return undefined;
    const now = Date.now();
    if (pastAbsoluteEnd(session, this.lifetimes, now) || renewalDue(session, this.lifetimes, now)) return undefined;
    return session.userId;
  }

  private sessionId(raw: string): string | null {
    const known = this.verified.get(raw);
    if (known) return known;
    const sid = unsignValue(raw.slice(2), this.cookie.secret);
    // Only genuine values are remembered: forged ones cannot fill the map.
    if (sid) {
      if (this.verified.size >= MAX_VERIFIED) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(raw, sid);
    }
    return sid;
  }
}
