import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';

/**
 * 'Back': to the page the user came from inside the app (a feed, a profile, notifications), or Home
 * when the post was opened directly (a shared link, a new tab).
 */
export function BackLink() {
  const navigate = useNavigate();
  const cameFromApp = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  const back = (event: MouseEvent) => {
    if (!cameFromApp) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <Link to="/" className="post-page-back" onClick={back}>
      <span aria-hidden="true">←</span> Back
    </Link>
  );
}
