import { useMemo, useState } from 'react';
import { MESSAGES, parseRichText } from '@cloud9/contracts';
import { cutSegments } from './richTextCut';
import { RichText } from './RichText';

interface PostTextProps {
  content: string;
  /** The post's `mentions`: which @names link to a profile. */
  mentions?: readonly string[];
  /** Cut at this many characters; null shows everything. */
  max: number | null;
  /** 'modal': Show more opens the full post; 'inline': Show more / Show less expand in place. */
  mode?: 'modal' | 'inline';
  onShowMore?: () => void;
}

/** Post text with its links, mentions and tags, cut for display with Show more (never inside a link). */
export function PostText({ content, mentions, max, mode = 'modal', onShowMore }: PostTextProps) {
  const [expanded, setExpanded] = useState(false);
  const segments = useMemo(() => parseRichText(content), [content]);
  const cut = useMemo(() => (max === null ? { segments, truncated: false } : cutSegments(segments, max)), [segments, max]);
  const text = (shown: typeof segments) => (
    <p className="post-text">
      <RichText segments={shown} mentions={mentions} />
    </p>
  );

  if (!cut.truncated) return text(segments);

  if (mode === 'inline') {
    return (
      <>
        {text(expanded ? segments : cut.segments)}
        <button type="button" className="link-button post-more" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {expanded ? MESSAGES.post.showLess : MESSAGES.post.showMore}
        </button>
      </>
    );
  }
  return (
    <>
      {text(cut.segments)}
      <button type="button" className="link-button post-more" aria-haspopup="dialog" onClick={onShowMore}>
        {MESSAGES.post.showMore}
      </button>
    </>
  );
}
