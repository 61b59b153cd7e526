import Bowser from 'bowser';
import { ACCOUNT_DATA_MESSAGES } from '@cloud9/contracts';

/** The longest User-Agent read (a longer one is cut: it is a label, and parsing costs by length). */
const MAX_USER_AGENT = 512;

/**
 * A session's device as its owner's list names it, from the sign-in's User-Agent: "Chrome on
 * Android", "Safari on iOS", "Firefox on Windows" (bowser, MIT). What it cannot name is left out:
 * "Chrome", "Android", or "Unknown device".
 */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, MAX_USER_AGENT).trim();
  if (!ua) return ACCOUNT_DATA_MESSAGES.unknownDevice;
  const parsed = Bowser.parse(ua);
  const browser = parsed.browser.name?.trim();
  const os = parsed.os.name?.trim();
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || ACCOUNT_DATA_MESSAGES.unknownDevice;
}
