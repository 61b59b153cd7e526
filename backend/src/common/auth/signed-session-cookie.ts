import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The session cookie set by express-session in app.setup.ts: its name (sessionCookieName) and signing secret. */
export interface SessionCookie {
  name: string;
  secret: string;
}

/** The first value of one cookie in a Cookie header (first one wins, as express-session reads it). */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The HMAC-SHA256 signature express-session (cookie-signature) appends: base64, no padding. */
export function signValue(value: string, secret: string): string {
  return `${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`;
}

/** The value inside `<value>.<signature>` when the signature is the secret's, else null. */
export function unsignValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  // Compare digests of both strings, so the comparison is constant-time whatever their lengths.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(signValue(value, secret)), digest(signed)) ? value : null;
}

/**
 * The session id in a Cookie header, as express-session accepts it: the session cookie holds
 * `s:<sid>.<signature>`; an unsigned or forged value gives null.
 */
export function sessionIdFromCookie(header: string | undefined, cookie: SessionCookie): string | null {
  const raw = cookieValue(header, cookie.name);
  if (!raw || !raw.startsWith('s:')) return null;
  const sid = unsignValue(raw.slice(2), cookie.secret);
  return sid || null;
}

/** The session cookie for a session id (what express-session sends; used by tests and the benchmark). */
export const sessionCookieFor = (sessionId: string, cookie: SessionCookie): string =>
  `${cookie.name}=${encodeURIComponent(`s:${signValue(sessionId, cookie.secret)}`)}`;

/** The part of a stored express-session record the socket needs. */
interface StoredSession {
  userId?: number;
  cookie?: { expires?: string | null };
}

/** The user id of a stored session (connect-redis JSON), or null when it has none or has expired. */
export function userIdOfSession(json: string | null, now = Date.now()): number | null {
  if (!json) return null;
  let session: StoredSession;
  try {
    session = JSON.parse(json) as StoredSession;
  } catch {
    return null;
  }
  const expires = session.cookie?.expires ? Date.parse(session.cookie.expires) : NaN;
  if (!Number.isNaN(expires) && expires <= now) return null;
  const userId = Number(session.userId);
  return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
}
