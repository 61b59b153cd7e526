import { useState } from 'react';
import type { MediaInfo } from '@cloud9/contracts';
import { avatarUrl } from '../../api/images';
import { placeholderStyle, srcSetOf } from './ResponsiveImage';
import './Avatar.css';

interface AvatarProps {
  path: string | null | undefined;
  /** The picture's size, preview and small variants, where the API sends them (a profile). */
  media?: MediaInfo;
  /** Empty when a visible name sits beside the picture. */
  alt?: string;
  size?: number;
  className?: string;
}

export function Avatar({ path, media, alt = '', size = 40, className }: AvatarProps) {
  const [loaded, setLoaded] = useState(false);
  const src = avatarUrl(path);
  const known = path ? media : undefined;
  const srcSet = srcSetOf(known, src);
  return (
    <img
      className={`avatar${className ? ` ${className}` : ''}`}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? `${size}px` : undefined}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      style={placeholderStyle(known, loaded)}
      onLoad={() => setLoaded(true)}
    />
  );
}
