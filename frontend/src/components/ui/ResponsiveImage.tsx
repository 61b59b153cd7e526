import { useState, type CSSProperties } from 'react';
import { resolveImageUrl, type MediaInfo } from '@cloud9/contracts';
import { API_BASE } from '../../api/early';

/**
 * The `srcset` of an uploaded image: its variants by width, and the original (`src`) as the widest
 * candidate when it is wider than they are. Undefined until the image has variants.
 */
export function srcSetOf(media: MediaInfo | undefined, src: string): string | undefined {
  if (!media?.variants.length) return undefined;
  const entries = media.variants.map((v) => `${resolveImageUrl(v.url, API_BASE, '')} ${v.width}w`);
  const widest = media.variants[media.variants.length - 1].width;
  if (media.width && media.width > widest) entries.push(`${src} ${media.width}w`);
  return entries.join(', ');
}

/** The tiny preview as a background, shown until the image itself has loaded. */
export const placeholderStyle = (media: MediaInfo | undefined, loaded: boolean): CSSProperties =>
  media?.placeholder && !loaded ? { backgroundImage: `url("${media.placeholder}")`, backgroundSize: 'cover', backgroundPosition: 'center' } : {};

interface ResponsiveImageProps {
  /** The original's URL, resolved. */
  src: string;
  media?: MediaInfo;
  /** How wide the image is shown, for the browser's choice among the variants. */
  sizes: string;
  alt: string;
  className?: string;
  /** Above the fold (a profile's banner): fetched at once instead of lazily. */
  eager?: boolean;
}

/**
 * An uploaded image that does not move the page: its box is reserved from the recorded size
 * (width/height and aspect-ratio) and filled with the preview until it loads; the browser picks
 * the variant that fits `sizes`.
 */
export function ResponsiveImage({ src, media, sizes, alt, className, eager = false }: ResponsiveImageProps) {
  const [loaded, setLoaded] = useState(false);
  const srcSet = srcSetOf(media, src);
  const sized = media?.width && media.height ? { width: media.width, height: media.height } : undefined;
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={sized?.width}
      height={sized?.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      style={{ ...(sized && { aspectRatio: `${sized.width} / ${sized.height}` }), ...placeholderStyle(media, loaded) }}
      onLoad={() => setLoaded(true)}
    />
  );
}
