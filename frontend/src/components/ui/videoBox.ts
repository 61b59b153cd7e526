import type { CSSProperties } from 'react';
import { resolveImageUrl, type MediaInfo } from '@cloud9/contracts';
import { API_BASE } from '../../api/early';

export interface VideoBox {
  poster?: string;
  width?: number;
  height?: number;
  style?: CSSProperties;
}

/**
 * What a `<video>` needs so the page does not move while it loads: the poster frame drawn at
 * upload, and the box reserved from the recorded size (the video's own, else its poster's).
 * Empty for a video stored without them.
 */
export function videoBoxOf(media: MediaInfo | undefined): VideoBox {
  const poster = media?.poster;
  const width = media?.width ?? poster?.width;
  const height = media?.height ?? poster?.height;
  return {
    ...(poster && { poster: resolveImageUrl(poster.url, API_BASE, '') }),
    ...(width && height && { width, height, style: { aspectRatio: `${width} / ${height}` } }),
  };
}
