import { useRef } from 'react';
import { LIMITS, MESSAGES } from '@cloud9/contracts';
import { GifBrowserPanel } from './GifBrowserPanel';
import { useGifBrowser } from './useGifBrowser';
import './gifs.css';

interface GlobalGifPickerProps {
  onPick: (url: string) => void;
  onClose: () => void;
}

/**
 * The global composer's GIF overlay: 10 per page, rating pg-13, a 3-column grid
 * 400 px wide with a 6 px gutter.
 */
export function GlobalGifPicker({ onPick, onClose }: GlobalGifPickerProps) {
  const searchInput = useRef<HTMLInputElement>(null);
  const browser = useGifBrowser({
    limit: LIMITS.gifPageSizeComposer,
    rating: LIMITS.gifRatingComposer,
    debounceMs: LIMITS.gifSearchDebounceMs,
  });

  return (
    <div
      className="gif-overlay"
      role="group"
      aria-label="GIF picker"
      style={{ ['--gif-cols' as string]: LIMITS.gifGridColumns, ['--gif-width' as string]: `${LIMITS.gifGridWidthPx}px`, ['--gif-gap' as string]: `${LIMITS.gifGridGutterPx}px` }}
    >
      <div className="gif-overlay-head">
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
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Close GIFs
        </button>
      </div>
      <GifBrowserPanel
        browser={browser}
        onPick={onPick}
        searchInput={searchInput}
        gridClassName="gif-grid-global"
        error={
          <>
            {MESSAGES.gifs.errorLoading}{' '}
            <a
              href="#"
              onClick={(e) => {
                e.preventDefault();
                browser.list.retry();
              }}
            >
              {MESSAGES.gifs.tryAgain}
            </a>
          </>
        }
      />
    </div>
  );
}
