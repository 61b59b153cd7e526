import { useMemo, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import type { RichSegment } from '@cloud9/contracts';
import './RichText.css';

interface RichTextProps {
  segments: readonly RichSegment[];
  /**
   * The usernames the server found behind the text's mentions (a post's `mentions`); a mention
   * links to a profile only when listed. Absent (a notice): every mention stays plain text.
   */
  mentions?: readonly string[];
}

/** A link inside a card opens its target only, never the card's own action. */
const keepToLink = (event: MouseEvent) => event.stopPropagation();

/**
 * Text with its links, @mentions and #tags (parseRichText's segments) as links; everything else,
 * HTML included, is plain text. Web links open in a new tab, marked as user content.
 */
export function RichText({ segments, mentions }: RichTextProps) {
  const listed = useMemo(() => new Map((mentions ?? []).map((name) => [name.toLowerCase(), name])), [mentions]);
  return (
    <>
      {segments.map((segment, i) => {
        switch (segment.kind) {
          case 'link':
            return (
              <a key={i} className="rich-link" href={segment.href} title={segment.href} rel="nofollow noopener ugc" target="_blank" onClick={keepToLink}>
                {segment.text}
              </a>
            );
          case 'mention': {
            const username = listed.get(segment.username.toLowerCase());
            return username ? (
              <Link key={i} className="rich-link rich-mention" to={`/profile/${encodeURIComponent(username)}`} onClick={keepToLink}>
                {segment.text}
              </Link>
            ) : (
              segment.text
            );
          }
          case 'tag':
            return (
              <Link key={i} className="rich-link rich-tag" to={`/tag/${encodeURIComponent(segment.tag)}`} onClick={keepToLink}>
                {segment.text}
              </Link>
            );
          default:
            return segment.text;
        }
      })}
    </>
  );
}
