import { Link } from 'react-router-dom';
import { fullDate, relativeTime } from '../../lib/relativeTime';

/**
 * '5m', '2h', '3d' or a date; the full date in the tooltip and dateTime. With `postId` it is the
 * post's permalink (/post/:id), a link of its own inside the card, so the card's other clicks stay.
 */
export function PostTime({ iso, postId }: { iso: string; postId?: number }) {
  const time = (
    <time className="post-time" dateTime={iso} title={fullDate(iso)}>
      {relativeTime(iso)}
    </time>
  );
  if (postId === undefined) return time;
  return (
    <Link to={`/post/${postId}`} className="post-time-link" aria-label={`${relativeTime(iso)}, ${fullDate(iso)}: open post`}>
      {time}
    </Link>
  );
}
