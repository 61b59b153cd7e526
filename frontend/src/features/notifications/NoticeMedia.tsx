import { resolveImageUrl, type MediaInfo } from '@cloud9/contracts';
import { API_BASE } from '../../api/early';
import { ResponsiveImage } from '../../components/ui/ResponsiveImage';
import { VideoPlayer } from '../../components/ui/VideoPlayer';
import { videoBoxOf } from '../../components/ui/videoBox';

const VIDEO = /\.(mp4|webm|mov|m4v|ogv)($|\?)/i;
const AUDIO = /\.(mp3|wav|m4a|aac|oga|ogg|flac)($|\?)/i;

/** How wide a notice's image is shown (the notices column, or the whole screen on a phone). */
const NOTICE_IMAGE_SIZES = '(max-width: 700px) 100vw, 640px';

/** A notice's upload, shown by its MIME type, else its URL's extension: video (with its poster), audio, else image (with its variants). */
export function NoticeMedia({ url, mime, media, alt }: { url: string; mime?: string | null; media?: MediaInfo; alt: string }) {
  const src = resolveImageUrl(url, API_BASE, '');
  const kind = mime ? mime.split('/')[0] : VIDEO.test(url) ? 'video' : AUDIO.test(url) ? 'audio' : 'image';
  if (kind === 'video') return <VideoPlayer className="notice-media" src={src} preload="metadata" aria-label={`Video: ${alt}`} {...videoBoxOf(media)} />;
  if (kind === 'audio') return <audio className="notice-media" src={src} controls preload="metadata" aria-label={`Audio: ${alt}`} />;
  return <ResponsiveImage className="notice-media" src={src} media={media} sizes={NOTICE_IMAGE_SIZES} alt={alt} />;
}
