import { LIMITS, isVideoUrl, resolveImageUrl, truncateForDisplay, type Post } from '@cloud9/contracts';
import { API_BASE } from '../../api/client';
import { ResponsiveImage } from '../ui/ResponsiveImage';
import { VideoPlayer } from '../ui/VideoPlayer';
import { videoBoxOf } from '../ui/videoBox';

/** How wide a post's image is shown: the feed column, or the whole screen on a phone. */
const POST_IMAGE_SIZES = '(max-width: 700px) 100vw, 640px';

/** Sets the default volume (0.7) of an audio player once the element exists (videos: VideoPlayer). */
const withDefaultVolume = (node: HTMLMediaElement | null) => {
  if (node) node.volume = LIMITS.videoDefaultVolume;
};

/** A post's GIF or upload, shown by MIME type (or a .mp4 URL): image, video or audio. */
export function PostMedia({ post }: { post: Pick<Post, 'gif_url' | 'media_url' | 'media_mime' | 'media' | 'content'> }) {
  const alt = truncateForDisplay(post.content ?? '', 120).text;
  if (post.gif_url) {
    return (
      <div className="post-media">
        <img src={post.gif_url} alt={alt ? `GIF: ${alt}` : 'GIF'} loading="lazy" />
      </div>
    );
  }
  if (!post.media_url) return null;
  const url = resolveImageUrl(post.media_url, API_BASE, '');
  const mime = post.media_mime ?? '';
  if (mime.startsWith('video/') || (!mime && isVideoUrl(post.media_url))) {
    return (
      <div className="post-media">
        <VideoPlayer src={url} preload="metadata" aria-label={alt ? `Video: ${alt}` : 'Video'} {...videoBoxOf(post.media)} />
      </div>
    );
  }
  if (mime.startsWith('audio/')) {
    return (
      <div className="post-media post-media-audio">
        <audio src={url} controls preload="metadata" ref={withDefaultVolume} aria-label={alt ? `Audio: ${alt}` : 'Audio'} />
      </div>
    );
  }
  return (
    <div className="post-media">
      <ResponsiveImage src={url} media={post.media} sizes={POST_IMAGE_SIZES} alt={alt || 'Post image'} />
    </div>
  );
}
