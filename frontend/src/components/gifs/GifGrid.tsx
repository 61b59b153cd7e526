import type { GifObject } from '@cloud9/contracts';
import { gifPreviewUrl } from '../../api/gifs';
import { GIF_LABELS } from './gifLabels';

interface GifGridProps {
  gifs: GifObject[];
  onPick: (gif: GifObject) => void;
  /** Shows the GIFs like this one; absent: no Related buttons. */
  onRelated?: (gif: GifObject) => void;
  className?: string;
}

/** GIF thumbnails as buttons, named by their titles, each with a Related button. */
export function GifGrid({ gifs, onPick, onRelated, className }: GifGridProps) {
  return (
    <ul className={`gif-grid${className ? ` ${className}` : ''}`}>
      {gifs.map((gif) => (
        <li key={gif.id} className="gif-grid-cell">
          <button type="button" className="gif-grid-item" onClick={() => onPick(gif)} aria-label={gif.title || 'GIF'}>
            <img src={gifPreviewUrl(gif)} alt="" loading="lazy" />
          </button>
          {onRelated && (
            // The name starts with the visible word, then says which GIF.
            <button type="button" className="gif-related" onClick={() => onRelated(gif)} aria-label={`${GIF_LABELS.related}: ${gif.title || 'GIF'}`}>
              {GIF_LABELS.related}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
