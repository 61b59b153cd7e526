import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether a playing video's controls show: they hide after `hideAfterMs` without interaction and come
 * back on any pointer or keyboard interaction (`wake`). While paused or ended they stay: a still
 * frame without controls would leave nothing to press.
 */
export function useAutoHideControls(hideAfterMs: number) {
  const [shown, setShown] = useState(true);
  const playing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const wake = useCallback(() => {
    clearTimeout(timer.current);
    setShown(true);
    if (playing.current) timer.current = setTimeout(() => setShown(false), hideAfterMs);
  }, [hideAfterMs]);

  const onPlay = useCallback(() => {
    playing.current = true;
    wake();
  }, [wake]);

  const onStop = useCallback(() => {
    playing.current = false;
    wake();
  }, [wake]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { shown, wake, onPlay, onStop };
}
