import { useState } from 'react';
import { LIMITS, MESSAGES, type GifObject } from '@cloud9/contracts';
import { gifFixedHeightUrl } from '../../api/gifs';
import { GifGrid } from './GifGrid';
import { useGifSearch } from './useGifSearch';
import './gifs.css';

interface HomeGifWidgetProps {
  /** Receives the chosen GIF's fixed-height URL. */
  onPick: (url: string) => void;
}

/** The home composer's GIF widget (spec §7): 20 per page, rating g, 500 ms search debounce. */
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
      <div className="gif-body" aria-live="polite">
        {search.status === 'loading' && <p className="gif-note">{MESSAGES.gifs.loading}</p>}
        {search.status === 'error' && (
          <p className="gif-note gif-note-error">
            {MESSAGES.gifs.homeError}{' '}
            <button type="button" className="link-button" onClick={search.retry}>
              Retry
            </button>
          </p>
        )}
        {search.status === 'unconfigured' && <p className="gif-note">{MESSAGES.gifs.notConfigured}</p>}
        {search.status === 'ready' && search.gifs.length === 0 && <p className="gif-note">{MESSAGES.gifs.noMatches}</p>}
        {search.status === 'ready' && search.gifs.length > 0 && (
          <GifGrid gifs={search.gifs} onPick={(gif: GifObject) => onPick(gifFixedHeightUrl(gif))} className="gif-grid-home" />
        )}
      </div>
      {search.hasMore && (
        <button type="button" className="btn btn-ghost btn-block gif-more" onClick={search.loadMore} disabled={search.loadingMore}>
          {search.loadingMore ? MESSAGES.gifs.loading : 'More GIFs'}
        </button>
      )}
      <p className="gif-attribution">Powered by GIPHY</p>
    </div>
  );
}
