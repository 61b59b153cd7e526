import type { PointerEvent } from 'react';
import { Link } from 'react-router-dom';
import { fullDate, relativeTime, spokenAge } from '../../lib/relativeTime';

// The full date is only a hover tooltip, so it is written when the pointer first reaches the time: building
// the locale's date-and-time formatter costs more than a phone's whole feed render otherwise would.
function addFullDateTitle(event: PointerEvent<HTMLTimeElement>) {
  const time = event.currentTarget;
  if (!time.title) time.title = fullDate(time.dateTime);
}

/**
 * '5m', '2h', '3d' or a date; the exact time in dateTime and, on hover, the full date. With `postId` it
 * is the post's permalink (/post/:id), a link of its own inside the card, so the card's other clicks stay.
 */
export function PostTime({ iso, postId }: { iso: string; postId?: number }) {
  const time = (
    <time className="post-time" dateTime={iso} onPointerEnter={addFullDateTitle}>
      {relativeTime(iso)}
    </time>
  );
  if (postId === undefined) return time;
  return (
    // The name starts with the visible text ('5m'), then says it in words for screen readers.
    <Link to={`/post/${postId}`} className="post-time-link" aria-label={`${relativeTime(iso)}, ${spokenAge(iso)}: open post`}>
      {time}
    </Link>
  );
}
