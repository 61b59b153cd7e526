import { avatarUrl } from '../../lib/images';
import './Avatar.css';

interface AvatarProps {
  path: string | null | undefined;
  /** Empty when a visible name sits beside the picture. */
  alt?: string;
  size?: number;
  className?: string;
}

export function Avatar({ path, alt = '', size = 40, className }: AvatarProps) {
  return (
    <img
      className={`avatar${className ? ` ${className}` : ''}`}
      src={avatarUrl(path)}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
    />
  );
}
