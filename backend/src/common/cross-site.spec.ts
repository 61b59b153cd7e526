import { loadSettings } from '../config/settings';
import { allowedOrigins, fromForeignPage } from './cross-site';

const allowed = allowedOrigins(loadSettings({ PUBLIC_URL: 'https://cloud9.example', ALLOWED_ORIGINS: 'https://app.partner.example' }, false));
const ours = 'https://cloud9.example';

describe('allowedOrigins', () => {
  it('is PUBLIC_URL plus ALLOWED_ORIGINS, and the loopback aliases of a loopback PUBLIC_URL', () => {
    expect([...allowed]).toEqual([ours, 'https://app.partner.example']);
    const local = allowedOrigins(loadSettings({ PUBLIC_URL: 'http://localhost:3000' }, false));
    expect([...local].sort()).toEqual(['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']);
  });
});

describe('fromForeignPage', () => {
  const acts = (headers: Record<string, string>) => fromForeignPage(headers, allowed, true);
  const reads = (headers: Record<string, string>) => fromForeignPage(headers, allowed, false);

  it('lets requests without any browser header through (curl, scripts, webhooks)', () => {
    expect(acts({})).toBe(false);
    expect(reads({})).toBe(false);
  });

  it('judges by Origin when there is one, whatever the method', () => {
    for (const judge of [acts, reads]) {
      expect(judge({ origin: ours })).toBe(false);
      expect(judge({ origin: `${ours}/` })).toBe(false);
      expect(judge({ origin: 'https://app.partner.example', 'sec-fetch-site': 'cross-site' })).toBe(false);
      expect(judge({ origin: 'https://evil.example' })).toBe(true);
      expect(judge({ origin: 'null' })).toBe(true);
      expect(judge({ origin: 'http://cloud9.example' })).toBe(true);
      expect(judge({ origin: 'https://evil.cloud9.example', 'sec-fetch-site': 'same-site' })).toBe(true);
      // A foreign Origin is foreign even if the other headers look like ours.
      expect(judge({ origin: 'https://evil.example', 'sec-fetch-site': 'same-origin', referer: `${ours}/` })).toBe(true);
    }
  });

  it('without an Origin, lets only same-origin act', () => {
    expect(acts({ 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(acts({ 'sec-fetch-site': 'same-site' })).toBe(true);
    expect(acts({ 'sec-fetch-site': 'cross-site' })).toBe(true);
    expect(acts({ 'sec-fetch-site': 'none' })).toBe(true);
  });

  it('without an Origin, refuses reads another site or a sibling subdomain sent, navigations included', () => {
    expect(reads({ 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' })).toBe(false);
    expect(reads({ 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' })).toBe(false);
    expect(reads({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' })).toBe(true);
    expect(reads({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' })).toBe(true);
    expect(reads({ 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' })).toBe(true);
  });

  it('falls back to the Referer for requests that act when neither Origin nor Sec-Fetch-Site came', () => {
    expect(acts({ referer: `${ours}/admin-tools` })).toBe(false);
    expect(acts({ referer: 'https://evil.example/page' })).toBe(true);
    expect(acts({ referer: 'not a url' })).toBe(true);
    // Reads are not judged by a Referer alone (an old browser following a link).
    expect(reads({ referer: 'https://evil.example/page' })).toBe(false);
  });
});
