import { VIDEO_POSTER } from '@cloud9/contracts';
import { isVideoFile } from './videoFile';

/** How long the browser may take to open the video and draw the frame before the post goes without one. */
const CAPTURE_TIMEOUT_MS = 5000;
/** How often the frame is drawn again while the decoder has not handed it over yet. */
const REDRAW_EVERY_MS = 50;

/** Where the frame is taken: this far into the video (past a black first frame), but no later than LATEST_AT_SECONDS. */
const AT_FRACTION = 0.1;
export const LATEST_AT_SECONDS = 1;

/** Where the frame is taken (seconds); 0 when the duration is unknown (a recording without one says Infinity). */
export function posterTime(duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(duration * AT_FRACTION, LATEST_AT_SECONDS);
}

/** The frame's size: the video's, scaled down to fit VIDEO_POSTER.maxSide (never up); null without a picture. */
export function posterSize(width: number, height: number): { width: number; height: number } | null {
  if (!(width > 0 && height > 0)) return null;
  const scale = Math.min(1, VIDEO_POSTER.maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Whether this browser may decode the file, by its type. A QuickTime file is asked about as MP4:
 * Chromium and Firefox decline `video/quicktime` yet play the H.264 inside it (a phone's .mov).
 * A file without a type is tried.
 */
function mayDecode(video: HTMLVideoElement, file: File): boolean {
  if (!file.type) return true;
  return video.canPlayType(file.type === 'video/quicktime' ? 'video/mp4' : file.type) !== '';
}

/** Resolves on `event`, rejects on the element's `error`. */
function once(target: HTMLVideoElement, event: keyof HTMLMediaElementEventMap): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (ok: boolean) => () => {
      target.removeEventListener(event, onEvent);
      target.removeEventListener('error', onError);
      if (ok) resolve();
      else reject(new Error(`the video could not be read (${event})`));
    };
    const onEvent = done(true);
    const onError = done(false);
    target.addEventListener(event, onEvent);
    target.addEventListener('error', onError);
  });
}

const toBlob = (canvas: HTMLCanvasElement, type: string, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/**
 * Whether `drawImage` put the video's frame on the canvas. It draws nothing (the canvas stays
 * transparent) when the decoder has not yet handed over the frame `seeked` announced, which a busy
 * phone can be late to do; a video frame is opaque, even a black one.
 */
function frameDrawn(context: CanvasRenderingContext2D, width: number, height: number): boolean {
  return context.getImageData(width >> 1, height >> 1, 1, 1).data[3] !== 0;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Draws the frame of the loaded `video` at posterTime into an image (WebP, or JPEG where the browser cannot make WebP). */
async function drawFrame(video: HTMLVideoElement, signal: AbortSignal): Promise<File | null> {
  await once(video, 'loadedmetadata');
  const at = posterTime(video.duration);
  // The first frame is there at `loadeddata`; any other needs a seek.
  if (at > 0) {
    const seeked = once(video, 'seeked');
    video.currentTime = at;
    await seeked;
  } else if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) {
    await once(video, 'loadeddata');
  }
  const size = posterSize(video.videoWidth, video.videoHeight);
  if (!size) return null;
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, size.width, size.height);
  while (!frameDrawn(context, size.width, size.height)) {
    await pause(REDRAW_EVERY_MS);
    if (signal.aborted) return null;
    context.drawImage(video, 0, 0, size.width, size.height);
  }
  let blob = await toBlob(canvas, 'image/webp', 0.8);
  if (blob?.type !== 'image/webp') blob = await toBlob(canvas, 'image/jpeg', 0.82);
  if (!blob || blob.size > VIDEO_POSTER.maxBytes) return null;
  return new File([blob], blob.type === 'image/webp' ? 'poster.webp' : 'poster.jpg', { type: blob.type });
}

/**
 * A poster frame of the video `file`, drawn by this browser (the server has no video decoder), or
 * null when there is none to be had: not a video, a type or codec this browser cannot decode, no
 * picture, a timeout. Never throws: a post must go out with or without its poster.
 */
export async function captureVideoPoster(file: File, timeoutMs = CAPTURE_TIMEOUT_MS): Promise<File | null> {
  if (!isVideoFile(file) || typeof document === 'undefined') return null;
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  if (!mayDecode(video, file)) return null;
  let url: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new AbortController();
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    url = URL.createObjectURL(file);
    video.src = url;
    return await Promise.race([drawFrame(video, gaveUp.signal).catch(() => null), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    gaveUp.abort();
    // Let the decoder and the file's URL go at once.
    video.removeAttribute('src');
    video.load();
    if (url) URL.revokeObjectURL(url);
  }
}
