import { resolveImageUrl } from '@cloud9/contracts';
import { API_BASE } from '../../api/client';

const VIDEO = /\.(mp4|webm|mov|m4v|ogv)($|\?)/i;
const AUDIO = /\.(mp3|wav|m4a|aac|oga|ogg|flac)($|\?)/i;

/** A notice's upload, shown by its MIME type, else its URL's extension: video, audio, else image. */
export function NoticeMedia({ url, mime, alt }: { url: string; mime?: string | null; alt: string }) {
  const src = resolveImageUrl(url, API_BASE, '');
  const kind = mime ? mime.split('/')[0] : VIDEO.test(url) ? 'video' : AUDIO.test(url) ? 'audio' : 'image';
  if (kind === 'video') return <video className="notice-media" src={src} controls preload="metadata" aria-label={`Video: ${alt}`} />;
  if (kind === 'audio') return <audio className="notice-media" src={src} controls preload="metadata" aria-label={`Audio: ${alt}`} />;
  return <img className="notice-media" src={src} alt={alt} loading="lazy" />;
}
