import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { THEME_BOOT_SCRIPT } from '@cloud9/contracts';
import helmet from 'helmet';
import { isSecureDeployment, Settings } from '../config/settings';

/** A host or host:port usable as a CSP host-source (anything else in a setting is left out, never injected). */
const CSP_HOST = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$|^\[[0-9a-f:]+\](:\d{1,5})?$/i;

/** PayPal's SDK frames, images and calls come from its other hosts too (www.sandbox.paypal.com, www.paypalobjects.com). */
const PAYPAL_FAMILY = ['https://*.paypal.com', 'https://*.paypalobjects.com'];
const isPayPal = (host: string) => host === 'paypal.com' || host.endsWith('.paypal.com');

/** The one inline script the shell may run: index.html's theme script, before the first paint (by its hash). */
const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

/**
 * The app shell's Content-Security-Policy directives:
 * - scripts only from the app itself and the PayPal SDK's origin (PAYPAL_SDK_URL); no inline script
 *   but the theme's (THEME_BOOT_SCRIPT, by its hash), no eval, no event-handler attributes, no plugins, no <base>, nothing may frame the app;
 * - styles allow 'unsafe-inline': emoji-picker-react and PayPal's SDK insert <style> elements at run
 *   time (a nonce would make index.html a per-request template; CSS cannot run script, and img-src /
 *   connect-src below limit where injected CSS could send anything);
 * - uploads from the app, or the CDN of MEDIA_PUBLIC_URL; GIFs from GIPHY_MEDIA_HOSTS (scheme-less: they follow the page's scheme), emoji images from the
 *   origin of EMOJI_CDN_URL, previews of chosen files from blob:, small inlined images (the emoji
 *   picker's icons) from data:;
 * - calls to the app (Socket.IO over ws/wss of PUBLIC_URL too) and the PayPal SDK's origin; frames only
 *   from PayPal.
 */
function appShellDirectives(settings: Settings): Record<string, string[]> {
  const sdk = new URL(settings.paypalSdkUrl);
  const paypal = [sdk.origin, ...(isPayPal(sdk.hostname) ? PAYPAL_FAMILY : [])];
  const publicUrl = new URL(settings.publicUrl);
  const socket = `${publicUrl.protocol === 'https:' ? 'wss' : 'ws'}://${publicUrl.host}`;
  const gifHosts = settings.giphyMediaHosts.filter((host) => CSP_HOST.test(host));
  const emojiCdn = new URL(settings.emojiCdnUrl).origin;
  // /uploads/… redirects there when MEDIA_PUBLIC_URL is set, and a redirect's target must be allowed too.
  const mediaCdn = settings.storage.mediaPublicUrl ? [new URL(settings.storage.mediaPublicUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", THEME_SCRIPT_HASH, sdk.origin],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...mediaCdn, ...gifHosts, emojiCdn, ...paypal],
    'media-src': ["'self'", 'blob:', ...mediaCdn],
    'font-src': ["'self'"],
    'connect-src': ["'self'", socket, ...paypal],
    'frame-src': paypal,
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(isSecureDeployment(settings) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The Content-Security-Policy of the app shell (index.html, the SPA fallback and its assets). */
export const appShellCsp = (settings: Settings): RequestHandler =>
  helmet.contentSecurityPolicy({ useDefaults: false, directives: appShellDirectives(settings) });

/**
 * helmet's headers on every response. The CSP is set per area instead (the app shell above,
 * /uploads its own sandbox), so Bull Board's page keeps working. HSTS (a year, subdomains too, ASVS
 * 3.4.1) only when PUBLIC_URL is https: on plain http it would be ignored at best.
 */
export const securityHeaders = (settings: Settings): RequestHandler =>
  helmet({
    contentSecurityPolicy: false,
    // PayPal's checkout window reports back to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isSecureDeployment(settings) ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
