import type { PointerEvent } from 'react';
import { fullDate, relativeTime } from '../../lib/relativeTime';

// The full date is only a hover tooltip, so it is written when the pointer first reaches the time: building
// the locale's date-and-time formatter costs more than a phone's whole feed render otherwise would.
function addFullDateTitle(event: PointerEvent<HTMLTimeElement>) {
  const time = event.currentTarget;
  if (!time.title) time.title = fullDate(time.dateTime);
}

/** '5m', '2h', '3d' or a date; the full date in dateTime and, on hover, the tooltip. */
export function PostTime({ iso }: { iso: string }) {
  return (
    <time className="post-time" dateTime={iso} onPointerEnter={addFullDateTitle}>
      {relativeTime(iso)}
    </time>
  );
}
