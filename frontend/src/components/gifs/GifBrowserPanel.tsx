import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { MESSAGES, type GifObject } from '@cloud9/contracts';
import { gifFixedHeightUrl } from '../../api/gifs';
import { GifGrid } from './GifGrid';
import { GIF_LABELS } from './gifLabels';
import { gifPingbacks } from './gifPingbacks';
import type { GifBrowser } from './useGifBrowser';

interface GifBrowserPanelProps {
  browser: GifBrowser;
  /** Receives the chosen GIF's fixed-height URL. */
  onPick: (url: string) => void;
  /** Each picker words its error differently. */
  error: ReactNode;
  gridClassName: string;
  /** Where focus goes after a category is chosen (its chip goes away). */
  searchInput: RefObject<HTMLInputElement | null>;
}

/**
 * What both GIF pickers show under their search box: the categories (and Emoji) while it is empty,
 * a Random button, the heading of a related/emoji/random view, the states, the grid, More and
 * attribution. Every GIF shown and chosen is reported to the provider's analytics.
 */
export function GifBrowserPanel({ browser, onPick, error, gridClassName, searchInput }: GifBrowserPanelProps) {
  const { list, mode, title, categories } = browser;
  const heading = useRef<HTMLParagraphElement>(null);
  const reported = useRef(new Set<string>());

  // A new view replaces the button that asked for it: focus its heading, so keyboard users stay in the picker.
  const viewKey = `${mode}:${title ?? ''}`;
  const firstView = useRef(viewKey);
  useEffect(() => {
    if (viewKey !== firstView.current && title) heading.current?.focus();
  }, [viewKey, title]);

  useEffect(() => {
    const fresh = list.gifs.filter((gif) => !reported.current.has(`${gif.id}:${gif.analytics_response_payload ?? ''}`));
    fresh.forEach((gif) => reported.current.add(`${gif.id}:${gif.analytics_response_payload ?? ''}`));
    if (fresh.length) gifPingbacks.seen(fresh);
  }, [list.gifs]);

  const pick = (gif: GifObject) => {
    gifPingbacks.chosen(gif);
    onPick(gifFixedHeightUrl(gif));
  };

  return (
    <>
      <div className="gif-tools">
        {categories && categories.length > 0 && (
          <div className="gif-categories" role="group" aria-label={GIF_LABELS.categories}>
            <button type="button" className="gif-chip" onClick={browser.showEmoji}>
              {GIF_LABELS.emoji}
            </button>
            {categories.map((category) => (
              <button
                key={category.name_encoded}
                type="button"
                className="gif-chip"
                onClick={() => {
                  browser.searchNow(category.name);
                  searchInput.current?.focus();
                }}
              >
                {category.name}
              </button>
            ))}
          </div>
        )}
        <button type="button" className="gif-chip gif-chip-random" onClick={browser.showRandom}>
          {mode === 'random' ? GIF_LABELS.randomAgain : GIF_LABELS.random}
        </button>
      </div>
      {title && (
        <div className="gif-view-head">
          <p className="gif-view-title" ref={heading} tabIndex={-1}>
            {title}
          </p>
          <button type="button" className="link-button" onClick={browser.backToTrending}>
            {GIF_LABELS.backToTrending}
          </button>
        </div>
      )}
      <div className="gif-body" aria-live="polite">
        {list.status === 'loading' && <p className="gif-note">{MESSAGES.gifs.loading}</p>}
        {list.status === 'error' && <p className="gif-note gif-note-error">{error}</p>}
        {list.status === 'location' && <p className="gif-note gif-note-error">{MESSAGES.gifs.locationError}</p>}
        {list.status === 'unconfigured' && <p className="gif-note">{MESSAGES.gifs.notConfigured}</p>}
        {list.status === 'ready' && list.gifs.length === 0 && <p className="gif-note">{MESSAGES.gifs.noMatches}</p>}
        {list.status === 'ready' && list.gifs.length > 0 && (
          <GifGrid gifs={list.gifs} onPick={pick} onRelated={browser.showRelated} className={gridClassName} />
        )}
      </div>
      {list.hasMore && (
        <button type="button" className="btn btn-ghost btn-block gif-more" onClick={list.loadMore} disabled={list.loadingMore}>
          {list.loadingMore ? MESSAGES.gifs.loading : 'More GIFs'}
        </button>
      )}
      <p className="gif-attribution">Powered by GIPHY</p>
    </>
  );
}
