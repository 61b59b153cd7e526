import { useId, useState, type MouseEvent } from 'react';
import { ALT_TEXT_MESSAGES, LIMITS, MESSAGES, isVideoUrl, resolveImageUrl, truncateForDisplay, type Post } from '@cloud9/contracts';
import { API_BASE } from '../../api/early';
import { openImageViewer, viewerImageAttributes } from '../media-viewer/openImageViewer';
import { ResponsiveImage } from '../ui/ResponsiveImage';
import { VideoPlayer } from '../ui/VideoPlayer';
import { videoBoxOf } from '../ui/videoBox';

/** How wide a post's image is shown: the feed column, or the whole screen on a phone. */
const POST_IMAGE_SIZES = '(max-width: 700px) 100vw, 640px';

/** Sets the default volume (0.7) of an audio player once the element exists (videos: VideoPlayer). */
const withDefaultVolume = (node: HTMLMediaElement | null) => {
  if (node) node.volume = LIMITS.videoDefaultVolume;
};

type MediaPost = Pick<Post, 'gif_url' | 'media_url' | 'media_mime' | 'media_alt' | 'media' | 'content' | 'username'>;

/**
 * What a screen reader hears for an upload: the author's description; without one, the post's
 * words (cut), unless the post has none of its own (the stored placeholder), then who shared it.
 */
function fallbackLabel(post: MediaPost, kind: 'image' | 'video'): string {
  const text = truncateForDisplay(post.content ?? '', 120).text;
  if (text && text !== MESSAGES.post.mediaPlaceholder) return text;
  return kind === 'image' ? ALT_TEXT_MESSAGES.fallbackImage(`@${post.username}`) : ALT_TEXT_MESSAGES.fallbackVideo(`@${post.username}`);
}

/** The "ALT" badge of an upload with a description: a toggle that shows the description under the media. */
function AltBadge({ alt }: { alt: string }) {
  const [open, setOpen] = useState(false);
  const textId = useId();
  return (
    <>
      <button
        type="button"
        className="post-media-alt-badge"
        aria-expanded={open}
        aria-controls={textId}
        onClick={(event: MouseEvent) => {
          event.stopPropagation();
          setOpen((was) => !was);
        }}
      >
        {ALT_TEXT_MESSAGES.badge}
        <span className="visually-hidden">{ALT_TEXT_MESSAGES.badgeHidden}</span>
      </button>
      <p id={textId} className="post-media-alt-text" hidden={!open}>
        {alt}
      </p>
    </>
  );
}

/**
 * A post's GIF or upload, shown by MIME type (or a .mp4 URL): image, video or audio. An image
 * opens full size in the image viewer; an image or video with a description carries the ALT badge.
 */
export function PostMedia({ post }: { post: MediaPost }) {
  if (post.gif_url) {
    const alt = truncateForDisplay(post.content ?? '', 120).text;
    return (
      <div className="post-media">
        <img src={post.gif_url} alt={alt ? `GIF: ${alt}` : 'GIF'} loading="lazy" />
      </div>
    );
  }
  if (!post.media_url) return null;
  const url = resolveImageUrl(post.media_url, API_BASE, '');
  const mime = post.media_mime ?? '';
  const described = post.media_alt ?? null;
  if (mime.startsWith('video/') || (!mime && isVideoUrl(post.media_url))) {
    return (
      <div className="post-media post-media-described">
        <VideoPlayer src={url} preload="metadata" aria-label={described ?? `Video: ${fallbackLabel(post, 'video')}`} {...videoBoxOf(post.media)} />
        {described && <AltBadge alt={described} />}
      </div>
    );
  }
  if (mime.startsWith('audio/')) {
    const alt = truncateForDisplay(post.content ?? '', 120).text;
    return (
      <div className="post-media post-media-audio">
        <audio src={url} controls preload="metadata" ref={withDefaultVolume} aria-label={alt ? `Audio: ${alt}` : 'Audio'} />
      </div>
    );
  }
  const alt = described ?? fallbackLabel(post, 'image');
  return (
    <div className="post-media post-media-described">
      <button
        type="button"
        className="post-media-open"
        aria-haspopup="dialog"
        {...viewerImageAttributes(url, described ?? '', alt)}
        onClick={(event) => {
          event.stopPropagation();
          openImageViewer(event.currentTarget);
        }}
      >
        <ResponsiveImage src={url} media={post.media} sizes={POST_IMAGE_SIZES} alt={alt} />
      </button>
      {described && <AltBadge alt={described} />}
    </div>
  );
}
