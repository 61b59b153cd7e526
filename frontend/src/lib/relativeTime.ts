const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Intl formatters are costly to build (each toLocale*String call with options builds one, which made
// dates the largest script cost of a feed's first render on a phone); these are built once and reused.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, options);
    formatters.set(key, format);
  }
  return format;
}

/** Short age of a post: 'now', '5m', '2h', '3d', then a date ('Mar 4', or 'Mar 4, 2024' in another year). */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const ms = now.getTime() - then.getTime();
  if (Number.isNaN(ms)) return '';
  if (ms < MINUTE) return 'now';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)}m`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)}h`;
  if (ms < 7 * DAY) return `${Math.floor(ms / DAY)}d`;
  const sameYear = then.getFullYear() === now.getFullYear();
  return sameYear
    ? formatter('day', { month: 'short', day: 'numeric' }).format(then)
    : formatter('day-year', { month: 'short', day: 'numeric', year: 'numeric' }).format(then);
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** The age as a screen reader should say it: 'just now', '5 minutes ago', '2 hours ago', '3 days ago', then the date. */
export function spokenAge(iso: string, now: Date = new Date()): string {
  const ms = now.getTime() - new Date(iso).getTime();
  if (Number.isNaN(ms)) return '';
  if (ms < MINUTE) return 'just now';
  if (ms < HOUR) return plural(Math.floor(ms / MINUTE), 'minute');
  if (ms < DAY) return plural(Math.floor(ms / HOUR), 'hour');
  if (ms < 7 * DAY) return plural(Math.floor(ms / DAY), 'day');
  return relativeTime(iso, now);
}

/** The full date and time, for the tooltip. */
export const fullDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter('full', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};

/** Whole minutes until `deadline`, at least 1 while it is still ahead. */
export function minutesLeft(deadline: Date, now: Date = new Date()): number {
  return Math.max(1, Math.ceil((deadline.getTime() - now.getTime()) / MINUTE));
}
