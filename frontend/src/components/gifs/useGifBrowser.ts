import { useEffect, useRef, useState } from 'react';
import type { GifCategory, GifObject } from '@cloud9/contracts';
import type { GifListSource } from '../../api/gifs';
import { GIF_LABELS } from './gifLabels';
import { useGifCategories, useGifList, useRandomGif, type GifListState } from './gifQueries';

export interface GifBrowserOptions {
  limit: number;
  rating: string;
  debounceMs: number;
}

/** What the picker shows while its search box is empty. */
type Browse = { kind: 'trending' } | { kind: 'emoji' } | { kind: 'related'; gif: GifObject } | { kind: 'random'; tag: string; draw: number };

type GifViewMode = 'search' | Browse['kind'];

export interface GifBrowser {
  query: string;
  /** Typing: searched once it rests for the debounce; leaves any related, emoji or random view. */
  setQuery: (text: string) => void;
  /** Searches `text` at once (a category chosen). */
  searchNow: (text: string) => void;
  mode: GifViewMode;
  /** The heading of a related, emoji or random view; null for trending and search. */
  title: string | null;
  list: GifListState;
  /** The categories to offer (only while the box is empty and trending shows); null otherwise or until loaded. */
  categories: GifCategory[] | null;
  showRelated: (gif: GifObject) => void;
  showEmoji: () => void;
  /** A random GIF for what the box holds (any GIF when empty); again for another. */
  showRandom: () => void;
  backToTrending: () => void;
}

/**
 * The state of one GIF picker: trending while the box is empty, a search once typing rests, or what
 * the user chose to browse (the GIFs like one GIF, the provider's emoji, a random GIF).
 */
export function useGifBrowser({ limit, rating, debounceMs }: GifBrowserOptions): GifBrowser {
  const [query, setQueryText] = useState('');
  const [term, setTerm] = useState('');
  const [browse, setBrowse] = useState<Browse>({ kind: 'trending' });
  const draws = useRef(0);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(query.trim()), debounceMs);
    return () => clearTimeout(timer);
  }, [query, debounceMs]);

  const mode: GifViewMode = term ? 'search' : browse.kind;
  let source: GifListSource | null = null;
  if (mode === 'search') source = { kind: 'search', q: term };
  else if (browse.kind === 'related') source = { kind: 'related', gifId: browse.gif.id };
  else if (browse.kind === 'emoji') source = { kind: 'emoji' };
  else if (browse.kind === 'trending') source = { kind: 'trending' };

  const list = useGifList(source, limit, rating);
  const random = useRandomGif(mode === 'random' && browse.kind === 'random' ? { tag: browse.tag, draw: browse.draw } : null, rating);
  const offerCategories = mode === 'trending' && !query.trim();
  const categories = useGifCategories(offerCategories);

  const leaveBrowse = (next: Browse) => {
    setQueryText('');
    setTerm('');
    setBrowse(next);
  };

  let title: string | null = null;
  if (mode === 'related' && browse.kind === 'related') title = GIF_LABELS.relatedTo(browse.gif.title);
  else if (mode === 'emoji') title = GIF_LABELS.emoji;
  else if (mode === 'random' && browse.kind === 'random') title = GIF_LABELS.randomTitle(browse.tag);

  return {
    query,
    setQuery: (text) => {
      setQueryText(text);
      if (text.trim()) setBrowse({ kind: 'trending' });
    },
    searchNow: (text) => {
      setQueryText(text);
      setTerm(text.trim());
      setBrowse({ kind: 'trending' });
    },
    mode,
    title,
    list: mode === 'random' ? random : list,
    categories: offerCategories ? (categories.data?.data ?? null) : null,
    showRelated: (gif) => leaveBrowse({ kind: 'related', gif }),
    showEmoji: () => leaveBrowse({ kind: 'emoji' }),
    showRandom: () => leaveBrowse({ kind: 'random', tag: mode === 'random' && browse.kind === 'random' ? browse.tag : (term || query.trim()), draw: ++draws.current }),
    backToTrending: () => leaveBrowse({ kind: 'trending' }),
  };
}
