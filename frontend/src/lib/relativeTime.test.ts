import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullDate, minutesLeft, relativeTime, spokenAge } from './relativeTime';

const NOW = new Date('2026-06-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe('relativeTime', () => {
  it('gives short ages under a week', () => {
    expect(relativeTime(ago(10_000), NOW)).toBe('now');
    expect(relativeTime(ago(5 * 60_000), NOW)).toBe('5m');
    expect(relativeTime(ago(2 * 3_600_000), NOW)).toBe('2h');
    expect(relativeTime(ago(3 * 86_400_000), NOW)).toBe('3d');
  });

  it('gives a date after a week, with the year only for another year', () => {
    const sameYear = new Date('2026-03-04T12:00:00Z');
    const lastYear = new Date('2025-03-04T12:00:00Z');
    expect(relativeTime(sameYear.toISOString(), NOW)).toBe(sameYear.toLocaleDateString(undefined, { month: 'short', day: 'numeric' }));
    expect(relativeTime(lastYear.toISOString(), NOW)).toBe(lastYear.toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' }));
  });

  it('gives nothing for a date it cannot read', () => {
    expect(relativeTime('not a date', NOW)).toBe('');
    expect(fullDate('not a date')).toBe('');
  });
});

describe('date formatters', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds each formatter once, however many dates a list shows, instead of one per toLocale*String call', async () => {
    vi.resetModules();
    const fresh = await import('./relativeTime');
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    const perCall = [vi.spyOn(Date.prototype, 'toLocaleString'), vi.spyOn(Date.prototype, 'toLocaleDateString')];
    for (let day = 1; day <= 20; day++) {
      const iso = `2025-01-${String(day).padStart(2, '0')}T10:00:00Z`;
      fresh.fullDate(iso);
      fresh.relativeTime(iso, NOW);
    }
    expect(built).toHaveBeenCalledTimes(2);
    for (const spy of perCall) expect(spy).not.toHaveBeenCalled();
  });

  it('formats the full date as the locale does', () => {
    const iso = '2026-01-02T10:00:00Z';
    expect(fullDate(iso)).toBe(new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
  });
});

describe('spokenAge', () => {
  it('says the age in words, then the date', () => {
    expect(spokenAge(ago(10_000), NOW)).toBe('just now');
    expect(spokenAge(ago(60_000), NOW)).toBe('1 minute ago');
    expect(spokenAge(ago(5 * 60_000), NOW)).toBe('5 minutes ago');
    expect(spokenAge(ago(2 * 3_600_000), NOW)).toBe('2 hours ago');
    expect(spokenAge(ago(86_400_000), NOW)).toBe('1 day ago');
    expect(spokenAge('2026-03-04T12:00:00Z', NOW)).toBe(relativeTime('2026-03-04T12:00:00Z', NOW));
  });
});

describe('minutesLeft', () => {
  it('rounds up and never says less than 1', () => {
    expect(minutesLeft(new Date(NOW.getTime() + 90_000), NOW)).toBe(2);
    expect(minutesLeft(new Date(NOW.getTime() - 90_000), NOW)).toBe(1);
  });
});
