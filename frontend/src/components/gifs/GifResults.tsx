import type { ReactNode } from 'react';
import { MESSAGES, type GifObject } from '@cloud9/contracts';
import { gifFixedHeightUrl } from '../../api/gifs';
import { GifGrid } from './GifGrid';
import type { GifSearch } from './useGifSearch';

interface GifResultsProps {
  search: GifSearch;
  /** Receives the chosen GIF's fixed-height URL. */
  onPick: (url: string) => void;
  /** Each picker words its error differently. */
  error: ReactNode;
  gridClassName: string;
}

/** What both GIF pickers show under their search box: states, the grid, More and attribution. */
export function GifResults({ search, onPick, error, gridClassName }: GifResultsProps) {
  return (
    <>
      <div className="gif-body" aria-live="polite">
        {search.status === 'loading' && <p className="gif-note">{MESSAGES.gifs.loading}</p>}
        {search.status === 'error' && <p className="gif-note gif-note-error">{error}</p>}
        {search.status === 'unconfigured' && <p className="gif-note">{MESSAGES.gifs.notConfigured}</p>}
        {search.status === 'ready' && search.gifs.length === 0 && <p className="gif-note">{MESSAGES.gifs.noMatches}</p>}
        {search.status === 'ready' && search.gifs.length > 0 && (
          <GifGrid gifs={search.gifs} onPick={(gif: GifObject) => onPick(gifFixedHeightUrl(gif))} className={gridClassName} />
        )}
      </div>
      {search.hasMore && (
        <button type="button" className="btn btn-ghost btn-block gif-more" onClick={search.loadMore} disabled={search.loadingMore}>
          {search.loadingMore ? MESSAGES.gifs.loading : 'More GIFs'}
        </button>
      )}
      <p className="gif-attribution">Powered by GIPHY</p>
    </>
  );
}
