import { useEffect, useRef } from 'react';
import { LIMITS } from '@cloud9/contracts';

interface InfiniteSentinelProps {
  onVisible: () => void;
  /** Shown as a button where IntersectionObserver is missing. */
  label?: string;
}

/**
 * Calls `onVisible` when it comes within 250 px of the viewport (the infinite-scroll threshold).
 * Re-mount it (a `key`) after each page so a still-visible sentinel asks again.
 */
export function InfiniteSentinel({ onVisible, label = 'Load more' }: InfiniteSentinelProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onVisibleRef = useRef(onVisible);
  onVisibleRef.current = onVisible;
  const supported = typeof IntersectionObserver !== 'undefined';

  useEffect(() => {
    const node = ref.current;
    if (!node || !supported) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onVisibleRef.current();
      },
      { rootMargin: `${LIMITS.infiniteScrollThresholdPx}px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [supported]);

  return (
    <div ref={ref} className="infinite-sentinel" data-testid="infinite-sentinel">
      {!supported && (
        <button type="button" className="btn btn-ghost" onClick={() => onVisibleRef.current()}>
          {label}
        </button>
      )}
    </div>
  );
}
