import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_CATEGORY, LIMITS, MESSAGES, type Post } from '@cloud9/contracts';
import { fetchPosts } from '../../api/posts';
import { PostCard } from '../../components/post/PostCard';
import { PostList } from '../../components/post/PostList';
import { SearchBox } from '../../components/ui/SearchBox';
import { Tabs, type TabItem } from '../../components/ui/Tabs';
import { useCursorList } from '../../hooks/useCursorList';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent';
import { usePostEventsStore } from '../../stores/postEvents';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { HomeComposer } from './HomeComposer';
import { NewPostsPill } from './NewPostsPill';
import { useNewPosts } from './useNewPosts';
import { useSelectedCategory } from './useSelectedCategory';
import './home.css';

type FeedTab = 'for-you' | 'following';
const FEED_TABS: readonly TabItem<FeedTab>[] = [
  { id: 'for-you', label: 'For you' },
  { id: 'following', label: 'Following' },
];

/** Below this scroll offset a boost change reorders the feed live; further down it waits for the next load. */
const BOOST_REFRESH_SCROLL_PX = 600;

const logFetchFailure = (err: unknown) => console.error(MESSAGES.post.fetchFailed, err);

/** Back to the top of the page, where the reloaded feed starts (jsdom has no scrolling). */
function scrollToTop() {
  try {
    window.scrollTo({ top: 0, behavior: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  } catch {
    // Not available (tests): nothing to scroll.
  }
}

/**
 * Home (spec §2): For you / Following, a search box (200 ms debounce, '@user' filter, kept in
 * ?search=), the side panel's feed as a removable chip, the inline composer and the feed.
 */
export function HomePage() {
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<FeedTab>('for-you');
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const query = useDebouncedValue(search.trim(), LIMITS.homeSearchDebounceMs);
  const [category, resetCategory] = useSelectedCategory();

  // Keep the (debounced) search in the address, so it survives a reload and can be shared.
  useEffect(() => {
    if ((params.get('search') ?? '') === query) return;
    const next = new URLSearchParams(params);
    if (query) next.set('search', query);
    else next.delete('search');
    setParams(next, { replace: true, preventScrollReset: true });
  }, [query, params, setParams]);

  const load = useCallback(
    (cursor: string | null, signal: AbortSignal) =>
      fetchPosts(
        {
          cursor,
          tab: tab === 'following' ? 'following' : undefined,
          search: query || undefined,
          category: category === DEFAULT_CATEGORY ? undefined : category,
        },
        signal,
      ),
    [tab, query, category],
  );
  const feedKey = `${tab}|${category}|${query}`;
  const list = useCursorList<Post>(feedKey, load, logFetchFailure);
  const { setItems, items, reload, refresh } = list;
  // Boosts lead the feed: when they change, reorder in place, unless the reader has scrolled on.
  useRealtimeEvent('boosts:changed', () => {
    if (window.scrollY < BOOST_REFRESH_SCROLL_PX) refresh();
  });
  const viewerId = useSessionStore(selectCurrentUser)?.id ?? null;
  const [newCount, clearNew] = useNewPosts({
    feedKey,
    enabled: tab === 'for-you' && !query,
    category,
    viewerId,
    isShown: (id) => items.some((p) => p.id === id),
  });
  const showNewPosts = () => {
    clearNew();
    reload();
    scrollToTop();
    // The pill goes away; keep keyboard focus at the top of the page's content, not on <body>.
    document.getElementById('main-content')?.focus({ preventScroll: true });
  };

  const prepend = useCallback((post: Post) => setItems((items) => [post, ...items.filter((p) => p.id !== post.id)]), [setItems]);
  const removePost = useCallback((id: number) => setItems((items) => items.filter((p) => p.id !== id)), [setItems]);

  // Posts from the global composer: show them on top (only events after this screen mounted).
  const created = usePostEventsStore((s) => s.created);
  const seenSeq = useRef(created?.seq ?? 0);
  useEffect(() => {
    if (!created || created.seq <= seenSeq.current) return;
    seenSeq.current = created.seq;
    prepend(created.post);
  }, [created, prepend]);

  return (
    <section aria-labelledby="home-title" className="home">
      <Tabs
        label="Home feeds"
        items={FEED_TABS}
        selected={tab}
        onSelect={setTab}
        panelClassName="page-body"
        header={(tabList) => (
          <div className="page-header">
            <h1 id="home-title">Home</h1>
            <SearchBox label="Search posts" placeholder="Search posts or @user..." value={search} onChange={setSearch} />
            {tabList}
            <NewPostsPill count={newCount} onShow={showNewPosts} />
          </div>
        )}
      >
        {category !== DEFAULT_CATEGORY && (
          <p className="home-category">
            <span className="home-chip">
              Feed: {category}
              <button type="button" className="home-chip-clear" onClick={resetCategory} aria-label="Show all feeds" title="Show all feeds">
                <span aria-hidden="true">×</span>
              </button>
            </span>
          </p>
        )}
        <HomeComposer key={category} defaultCategory={category} onPosted={prepend} />
        <PostList
          list={list}
          label="Posts"
          emptyMessage={MESSAGES.empty.noPosts}
          renderPost={(post) => <PostCard post={post} onDeleted={removePost} />}
        />
      </Tabs>
    </section>
  );
}
