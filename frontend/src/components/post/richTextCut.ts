import type { RichSegment } from '@cloud9/contracts';

export interface CutSegments {
  segments: RichSegment[];
  /** Something was left out (the caller offers Show more). */
  truncated: boolean;
}

const length = (text: string) => Array.from(text).length;

/**
 * The segments shown within `max` characters (as displayed: a link counts its shortened text),
 * cut like truncateForDisplay (code points, trailing space dropped, an ellipsis), except that a
 * link, mention or tag is never cut: one that starts within the limit is shown whole.
 */
export function cutSegments(segments: readonly RichSegment[], max: number): CutSegments {
  const shown: RichSegment[] = [];
  let left = max;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    const size = length(segment.text);
    if (size <= left) {
      shown.push(segment);
      left -= size;
      continue;
    }
    if (segment.kind === 'text') {
      const part = Array.from(segment.text).slice(0, left).join('');
      if (part) shown.push({ kind: 'text', text: part });
    } else if (left > 0) {
      shown.push(segment);
      if (i === segments.length - 1) return { segments: shown, truncated: false };
    }
    return { segments: withEllipsis(shown), truncated: true };
  }
  return { segments: shown, truncated: false };
}

/** Trailing space of the last plain part dropped, then '…'. */
function withEllipsis(shown: RichSegment[]): RichSegment[] {
  const last = shown.at(-1);
  if (last?.kind === 'text') {
    const trimmed = last.text.trimEnd();
    shown = trimmed ? [...shown.slice(0, -1), { kind: 'text', text: trimmed }] : shown.slice(0, -1);
  }
  return [...shown, { kind: 'text', text: '…' }];
}
