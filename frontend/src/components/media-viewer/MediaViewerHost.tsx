import { Suspense, useEffect, useRef } from 'react';
import { lazyWithTimeout } from '../../lib/lazyWithTimeout';
import { useMediaViewerStore } from '../../stores/mediaViewer';

// Loaded when an image is first opened: no screen's first load carries the viewer.
const MediaViewer = lazyWithTimeout(() => import('./MediaViewer').then((m) => m.MediaViewer));

/** Mounts the full-size image viewer while it is open, and gives the focus back to the image that opened it. */
export function MediaViewerHost() {
  const open = useMediaViewerStore((s) => s.images.length > 0);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (wasOpen.current && !open) {
      const opener = useMediaViewerStore.getState().opener;
      if (opener && document.contains(opener)) opener.focus();
    }
    wasOpen.current = open;
  }, [open]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <MediaViewer />
    </Suspense>
  );
}
