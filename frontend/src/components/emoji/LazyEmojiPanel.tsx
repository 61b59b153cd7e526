import { Suspense } from 'react';
import { lazyWithTimeout } from '../../lib/lazyWithTimeout';
import { Spinner } from '../ui/Spinner';
import type { EmojiPanelProps } from './EmojiPanel';

const EmojiPanel = lazyWithTimeout<EmojiPanelProps>(() => import('./EmojiPanel').then((m) => m.EmojiPanel));

/** The emoji picker is large, so it is fetched the first time a panel opens. */
export function LazyEmojiPanel(props: EmojiPanelProps) {
  return (
    <Suspense fallback={<Spinner label="Loading emoji..." />}>
      <EmojiPanel {...props} />
    </Suspense>
  );
}
