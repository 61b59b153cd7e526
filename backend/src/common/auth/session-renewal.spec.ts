import { pastAbsoluteEnd, renewalDue } from './session-renewal';

const DAY = 24 * 3600 * 1000;
const LIFETIMES = { idleMs: 14 * DAY, absoluteMs: 30 * DAY };
const NOW = Date.UTC(2025, 0, 31);
/** A session signed in `signedInDaysAgo` days ago whose end is `endsInDays` days off. */
const session = (signedInDaysAgo: number | undefined, endsInDays: number) => ({
  createdAt: signedInDaysAgo === undefined ? undefined : NOW - signedInDaysAgo * DAY,
  cookie: { expires: new Date(NOW + endsInDays * DAY) },
});

describe('session lifetimes', () => {
  it('renews once the end would move on by more than a day', () => {
    expect(renewalDue(session(0, 14), LIFETIMES, NOW)).toBe(false);
    expect(renewalDue(session(1, 13.5), LIFETIMES, NOW)).toBe(false);
    expect(renewalDue(session(2, 12), LIFETIMES, NOW)).toBe(true);
  });

  it('never past the absolute end: a session whose end is already there is not renewed, one well beyond it is brought in', () => {
    // Signed in 25 days ago: the absolute end is 5 days off.
    expect(renewalDue(session(25, 1), LIFETIMES, NOW)).toBe(true);
    expect(renewalDue(session(25, 5), LIFETIMES, NOW)).toBe(false);
    expect(renewalDue(session(25, 4.5), LIFETIMES, NOW)).toBe(false);
    // Renewed to its absolute end by a request that took a second: not renewed again.
    expect(renewalDue(session(25, 5 + 1 / 86_400), LIFETIMES, NOW)).toBe(false);
    expect(renewalDue(session(25, 12), LIFETIMES, NOW)).toBe(true);
  });

  it('is over at its absolute end; a session without its sign-in time is not (its lifetime starts when first seen)', () => {
    expect(pastAbsoluteEnd(session(29.9, 1), LIFETIMES, NOW)).toBe(false);
    expect(pastAbsoluteEnd(session(30, 1), LIFETIMES, NOW)).toBe(true);
    expect(pastAbsoluteEnd(session(undefined, 1), LIFETIMES, NOW)).toBe(false);
    expect(renewalDue(session(undefined, 1), LIFETIMES, NOW)).toBe(false);
  });
});
