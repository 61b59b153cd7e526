import { useRef } from 'react';
import { LIMITS, MESSAGES } from '@cloud9/contracts';
import { GifBrowserPanel } from './GifBrowserPanel';
import { useGifBrowser } from './useGifBrowser';
import './gifs.css';

interface HomeGifWidgetProps {
  /** Receives the chosen GIF's fixed-height URL. */
  onPick: (url: string) => void;
}

/** The home composer's GIF widget: 20 per page, rating g, 500 ms search debounce. */
export function HomeGifWidget({ onPick }: HomeGifWidgetProps) {
  const searchInput = useRef<HTMLInputElement>(null);
  const browser = useGifBrowser({
    limit: LIMITS.gifPageSizeHome,
    rating: LIMITS.gifRatingHome,
    debounceMs: LIMITS.gifSearchDebounceMs,
  });

  return (
    <div className="gif-widget" role="group" aria-label="GIF picker">
      <input
        ref={searchInput}
        type="search"
        className="input gif-search"
        aria-label="Search GIFs"
        placeholder="Search GIFs..."
        value={browser.query}
        onChange={(e) => browser.setQuery(e.target.value)}
        autoFocus
      />
      <GifBrowserPanel
        browser={browser}
        onPick={onPick}
        searchInput={searchInput}
        gridClassName="gif-grid-home"
        error={
          <>
            {MESSAGES.gifs.homeError}{' '}
            <button type="button" className="link-button" onClick={browser.list.retry}>
              Retry
            </button>
          </>
        }
      />
    </div>
  );
}
