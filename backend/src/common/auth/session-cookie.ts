import { isSecureDeployment, Settings } from '../../config/settings';

/**
 * The session cookie's name; every reader (express-session, the socket handshake, test helpers)
 * takes it from here. Over https it carries the `__Host-` prefix: browsers then keep it only when
 * it is Secure, for Path=/ and without a Domain, so a sibling subdomain can neither set nor shadow
 * it (cookie tossing). Over plain http the prefix would make browsers drop the cookie.
 */
export const sessionCookieName = (settings: Pick<Settings, 'publicUrl'>): string => (isSecureDeployment(settings) ? '__Host-c9.sid' : 'c9.sid');
