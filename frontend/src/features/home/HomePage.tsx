import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_CATEGORY, LIMITS, MESSAGES } from '@cloud9/contracts';
import { PostCard } from '../../components/post/PostCard';
import { PostList } from '../../components/post/PostList';
import { SearchBox } from '../../components/ui/SearchBox';
import { Tabs, type TabItem } from '../../components/ui/Tabs';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { useOnline } from '../../hooks/useOnline';
import { persisted } from '../../lib/persisted';
import { selectUserId, useSessionStore } from '../../stores/session';
import { chooseFeedCategory, useFeedCategory } from '../../hooks/useFeedCategory';
import { pageItems } from '../../queries/paging';
import { postsKeys, type HomeFeed } from '../../queries/posts';
import { HomeComposer } from './HomeComposer';
import { NewPostsPill } from './NewPostsPill';
import { OfflineHome } from './OfflineHome';
import { useHomeFeed } from './useHomeFeed';
import { useNewPosts } from './useNewPosts';
import './home.css';

type FeedTab = 'for-you' | 'following';
const FEED_TABS: readonly TabItem<FeedTab>[] = [
  { id: 'for-you', label: 'For you' },
  { id: 'following', label: 'Following' },
];

/** Back to the top of the page, where the reloaded feed starts (jsdom has no scrolling). */
function scrollToTop() {
  try {
    window.scrollTo({ top: 0, behavior: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  } catch {
    // Not available (tests): nothing to scroll.
  }
}

/**
 * Home: For you / Following, a search box (200 ms debounce, '@user' filter, kept in
 * ?search=), the side panel's feed as a removable chip, the inline composer and the feed. Offline, the
 * last first page of the default feed it showed (OfflineHome); back online, the live feed again.
 */
export function HomePage() {
  const online = useOnline();
  const userId = useSessionStore(selectUserId);
  if (!online && userId !== null) return <OfflineHome userId={userId} />;
  return <LiveHome userId={userId} />;
}

function LiveHome({ userId }: { userId: number | null }) {
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<FeedTab>('for-you');
  const urlSearch = params.get('search') ?? '';
  const [search, setSearch] = useState(urlSearch);
  const query = useDebouncedValue(search.trim(), LIMITS.homeSearchDebounceMs);
  // The address changed while Home stays open (a hashtag link, Back, an edited URL): the box follows it.
  const [seenUrlSearch, setSeenUrlSearch] = useState(urlSearch);
  if (seenUrlSearch !== urlSearch) {
    setSeenUrlSearch(urlSearch);
    if (urlSearch !== search.trim()) setSearch(urlSearch);
  }
  const category = useFeedCategory();
  const queryClient = useQueryClient();

  // Keep the (debounced) search in the address, so it survives a reload and can be shared. Only a
  // new query writes it: a changed address must not be overwritten by the query it replaces.
  // (setParams changes with every address, so it is read through the ref too.)
  const address = useRef({ params, setParams });
  address.current = { params, setParams };
  useEffect(() => {
    const { params: current, setParams: write } = address.current;
    if ((current.get('search') ?? '') === query) return;
    const next = new URLSearchParams(current);
    if (query) next.set('search', query);
    else next.delete('search');
    write(next, { replace: true, preventScrollReset: true });
  }, [query]);

  const feed: HomeFeed = {
    tab: tab === 'following' ? 'following' : undefined,
    search: query || undefined,
    category: category === DEFAULT_CATEGORY ? undefined : category,
  };
  const list = useHomeFeed(feed);
  // The default feed's first page, kept for opening offline (each new answer replaces it).
  const isDefaultFeed = !feed.tab && !feed.search && !feed.category;
  const firstPage = isDefaultFeed ? list.data?.pages[0] : undefined;
  useEffect(() => {
    if (firstPage && userId !== null) persisted.homeFirstPage(userId).set(firstPage.items);
  }, [firstPage, userId]);
  const [newCount, clearNew] = useNewPosts({
    feedKey: `${tab}|${category}|${query}`,
    enabled: tab === 'for-you' && !query,
    category,
    newestShown: () => pageItems(list.data).reduce<string | null>((newest, p) => (newest === null || p.createdAt > newest ? p.createdAt : newest), null),
  });
  const showNewPosts = () => {
    clearNew();
    // Back to page 0 with a loading state, as on arrival.
    void queryClient.resetQueries({ queryKey: postsKeys.feed(feed) });
    scrollToTop();
    // The pill goes away; keep keyboard focus at the top of the page's content, not on <body>.
    document.getElementById('main-content')?.focus({ preventScroll: true });
  };

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
              <button type="button" className="home-chip-clear" onClick={() => chooseFeedCategory(DEFAULT_CATEGORY)} aria-label="Show all feeds" title="Show all feeds">
                <span aria-hidden="true">×</span>
              </button>
            </span>
          </p>
        )}
        <HomeComposer key={category} defaultCategory={category} />
        <PostList query={list} label="Posts" emptyMessage={MESSAGES.empty.noPosts} renderPost={(post) => <PostCard post={post} />} />
      </Tabs>
    </section>
  );
}
