import { Suspense } from 'react';
import { lazyWithTimeout } from '../../lib/lazyWithTimeout';
import { useComposerStore } from '../../stores/composer';
import { FloatingPostButton } from './FloatingPostButton';
import './composer.css';

const GlobalComposer = lazyWithTimeout<{ onClose: () => void }>(() => import('./GlobalComposer').then((m) => m.GlobalComposer));

/** The floating button on every signed-in screen, and the composer it opens (loaded on first use). */
export function GlobalComposerHost() {
  const open = useComposerStore((s) => s.open);
  const closeComposer = useComposerStore((s) => s.closeComposer);
  return (
    <>
      <FloatingPostButton />
      {open && (
        <Suspense fallback={null}>
          <GlobalComposer onClose={closeComposer} />
        </Suspense>
      )}
    </>
  );
}
