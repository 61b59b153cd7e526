import type { ComponentProps, KeyboardEvent } from 'react';
import { LIMITS } from '@cloud9/contracts';
import { useAutoHideControls } from './useAutoHideControls';

type VideoPlayerProps = Omit<ComponentProps<'video'>, 'controls' | 'ref'>;

/** Starts at the default volume (0.7) once the element exists. */
const withDefaultVolume = (node: HTMLVideoElement | null) => {
  if (node) node.volume = LIMITS.videoDefaultVolume;
};

/**
 * The app's video: the browser's own controls (keyboard operable), hidden after 4 s without interaction
 * while playing and shown again on pointer or keyboard interaction, at volume 0.7. The video itself
 * stays in the tab order, so a keyboard user can reach it and bring the controls back while they hide.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const { shown, wake, onPlay, onStop } = useAutoHideControls(LIMITS.videoControlsHideMs);
  const onKeyDown = (event: KeyboardEvent<HTMLVideoElement>) => {
    // The first key only brings the controls back; Space would otherwise scroll the page.
    if (!shown && event.key === ' ') event.preventDefault();
    wake();
  };
  return (
    <video
      {...props}
      ref={withDefaultVolume}
      controls={shown}
      tabIndex={0}
      data-controls={shown ? 'shown' : 'hidden'}
      onPlay={onPlay}
      onPause={onStop}
      onEnded={onStop}
      onPointerMove={wake}
      onPointerDown={wake}
      onFocus={wake}
      onKeyDown={onKeyDown}
    />
  );
}
