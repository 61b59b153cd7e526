import { useState } from 'react';
import { MESSAGES, truncateForDisplay } from '@cloud9/contracts';

interface PostTextProps {
  content: string;
  /** Cut at this many characters; null shows everything. */
  max: number | null;
  /** 'modal': Show more opens the full post; 'inline': Show more / Show less expand in place. */
  mode?: 'modal' | 'inline';
  onShowMore?: () => void;
}

/** Post text, cut for display with Show more. */
export function PostText({ content, max, mode = 'modal', onShowMore }: PostTextProps) {
  const [expanded, setExpanded] = useState(false);
  const cut = max === null ? { text: content, truncated: false } : truncateForDisplay(content, max);

  if (!cut.truncated) return <p className="post-text">{content}</p>;

  if (mode === 'inline') {
    return (
      <>
        <p className="post-text">{expanded ? content : cut.text}</p>
        <button type="button" className="link-button post-more" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? MESSAGES.post.showLess : MESSAGES.post.showMore}
        </button>
      </>
    );
  }
  return (
    <>
      <p className="post-text">{cut.text}</p>
      <button type="button" className="link-button post-more" aria-haspopup="dialog" onClick={onShowMore}>
        {MESSAGES.post.showMore}
      </button>
    </>
  );
}
