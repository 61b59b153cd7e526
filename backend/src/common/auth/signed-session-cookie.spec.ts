import { cookieValue, sessionCookieFor, sessionIdFromCookie, signValue, unsignValue, userIdOfSession } from './signed-session-cookie';

const SECRET = 'unit-test-session-secret';
const COOKIE = { name: 'c9.sid', secret: SECRET };

describe('socket handshake auth helpers', () => {
  it('reads the first value of a cookie, URI-decoded', () => {
    expect(cookieValue('a=1; c9.sid=s%3Aabc.def; c9.sid=second', 'c9.sid')).toBe('s:abc.def');
    expect(cookieValue('xc9.sid=1', 'c9.sid')).toBeNull();
    expect(cookieValue(undefined, 'c9.sid')).toBeNull();
  });

  it('signs like cookie-signature (HMAC-SHA256, base64 without padding) and unsigns only its own signatures', () => {
    const signed = signValue('sid-1', SECRET);
    expect(signed).toMatch(/^sid-1\.[A-Za-z0-9+/]{43}$/);
    expect(unsignValue(signed, SECRET)).toBe('sid-1');
    expect(unsignValue(signed, 'another-secret-value')).toBeNull();
    expect(unsignValue(`sid-2${signed.slice(5)}`, SECRET)).toBeNull();
    expect(unsignValue('sid-1', SECRET)).toBeNull();
    expect(unsignValue(`${signed}x`, SECRET)).toBeNull();
  });

  it('takes the session id from a signed session cookie of the given name only', () => {
    const cookie = sessionCookieFor('abc', COOKIE);
    expect(sessionIdFromCookie(`other=1; ${cookie}`, COOKIE)).toBe('abc');
    expect(sessionIdFromCookie('c9.sid=abc', COOKIE)).toBeNull();
    expect(sessionIdFromCookie(`c9.sid=${encodeURIComponent(signValue('abc', SECRET))}`, COOKIE)).toBeNull(); // no s: prefix
    expect(sessionIdFromCookie(sessionCookieFor('abc', { ...COOKIE, secret: 'another-secret-value' }), COOKIE)).toBeNull();
    // Over https the cookie is __Host-c9.sid: a plain c9.sid (say, planted by a sibling subdomain) is not read.
    const hostCookie = { ...COOKIE, name: '__Host-c9.sid' };
    expect(sessionIdFromCookie(sessionCookieFor('abc', hostCookie), hostCookie)).toBe('abc');
    expect(sessionIdFromCookie(cookie, hostCookie)).toBeNull();
  });

  it('reads the user of a stored session, refusing expired, empty or broken records', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(userIdOfSession(JSON.stringify({ cookie: { expires: '2026-01-02T00:00:00Z' }, userId: 7 }), now)).toBe(7);
    expect(userIdOfSession(JSON.stringify({ cookie: { expires: null }, userId: 7 }), now)).toBe(7);
    expect(userIdOfSession(JSON.stringify({ cookie: { expires: '2025-12-31T00:00:00Z' }, userId: 7 }), now)).toBeNull();
    expect(userIdOfSession(JSON.stringify({ cookie: {} }), now)).toBeNull();
    expect(userIdOfSession('{not json', now)).toBeNull();
    expect(userIdOfSession(null, now)).toBeNull();
  });
});
