import { fullDate, relativeTime } from '../../lib/relativeTime';

/** '5m', '2h', '3d' or a date; the full date in the tooltip and dateTime. */
export function PostTime({ iso }: { iso: string }) {
  return (
    <time className="post-time" dateTime={iso} title={fullDate(iso)}>
      {relativeTime(iso)}
    </time>
  );
}
