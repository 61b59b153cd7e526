import type { GifObject } from '@cloud9/contracts';
import { gifPreviewUrl } from '../../api/gifs';

interface GifGridProps {
  gifs: GifObject[];
  onPick: (gif: GifObject) => void;
  className?: string;
}

/** GIF thumbnails as buttons, named by their titles. */
export function GifGrid({ gifs, onPick, className }: GifGridProps) {
  return (
    <ul className={`gif-grid${className ? ` ${className}` : ''}`}>
      {gifs.map((gif) => (
        <li key={gif.id}>
          <button type="button" className="gif-grid-item" onClick={() => onPick(gif)} aria-label={gif.title || 'GIF'}>
            <img src={gifPreviewUrl(gif)} alt="" loading="lazy" />
          </button>
        </li>
      ))}
    </ul>
  );
}
