import { isVideoFile } from '../lib/videoFile';

/**
 * The poster frame to send beside an attached file: drawn only for a video, the drawing code
 * loaded only then (it is no part of any page's first load). Null when there is none; never
 * throws, so a post goes out with or without it.
 */
export async function posterOf(file: File): Promise<File | null> {
  if (!isVideoFile(file)) return null;
  try {
    const { captureVideoPoster } = await import('../lib/videoPoster');
    return await captureVideoPoster(file);
  } catch {
    return null;
  }
}
