/**
 * /api except the health probes (/api/health, /live, /ready): they report on Redis, so they must not
 * need Redis to read a session first, and they are never rate-limited.
 */
export const API_EXCEPT_HEALTH = /^\/api(?!\/health(?:\/(?:live|ready))?\/?$)/i;

/** True for the path of a health probe (no session, no rate limit). */
export const isHealthProbe = (path: string): boolean => !API_EXCEPT_HEALTH.test(path);
