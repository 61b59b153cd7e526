import { useState } from 'react';
import { LIMITS, MESSAGES } from '@cloud9/contracts';
import { GifResults } from './GifResults';
import { useGifSearch } from './useGifSearch';
import './gifs.css';

interface HomeGifWidgetProps {
  /** Receives the chosen GIF's fixed-height URL. */
  onPick: (url: string) => void;
}

/** The home composer's GIF widget: 20 per page, rating g, 500 ms search debounce. */
export function HomeGifWidget({ onPick }: HomeGifWidgetProps) {
  const [query, setQuery] = useState('');
  const search = useGifSearch(query, {
    limit: LIMITS.gifPageSizeHome,
    rating: LIMITS.gifRatingHome,
    debounceMs: LIMITS.gifSearchDebounceMs,
  });

  return (
    <div className="gif-widget" role="group" aria-label="GIF picker">
      <input
        type="search"
        className="input gif-search"
        aria-label="Search GIFs"
        placeholder="Search GIFs..."
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoFocus
      />
      <GifResults
        search={search}
        onPick={onPick}
        gridClassName="gif-grid-home"
        error={
          <>
            {MESSAGES.gifs.homeError}{' '}
            <button type="button" className="link-button" onClick={search.retry}>
              Retry
            </button>
          </>
        }
      />
    </div>
  );
}
