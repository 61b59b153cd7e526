import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { DEFAULT_CATEGORY, MESSAGES, STORAGE_KEYS, isFeedCategory } from '@cloud9/contracts';
import { EmptyState } from '../../components/ui/EmptyState';
import { Tabs, type TabItem } from '../../components/ui/Tabs';
import { SearchBox } from '../../components/ui/SearchBox';
import './home.css';

type FeedTab = 'for-you' | 'following';
const FEED_TABS: readonly TabItem<FeedTab>[] = [
  { id: 'for-you', label: 'For you' },
  { id: 'following', label: 'Following' },
];

function storedCategory(): string {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.selectedCategory);
    return isFeedCategory(value) ? value : DEFAULT_CATEGORY;
  } catch {
    return DEFAULT_CATEGORY;
  }
}

/** Home feed shell; posts arrive with the posts issue, until then the empty state is the truth. */
export function HomePage() {
  const [params] = useSearchParams();
  const [tab, setTab] = useState<FeedTab>('for-you');
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  // Re-read on every navigation: the side panel stores a category, then navigates here.
  useLocation();
  const category = storedCategory();

  return (
    <section aria-labelledby="home-title">
      <Tabs
        label="Feed"
        items={FEED_TABS}
        selected={tab}
        onSelect={setTab}
        panelClassName="page-body"
        header={(tabList) => (
          <div className="page-header">
            <h1 id="home-title">Home</h1>
            <SearchBox label="Search posts" placeholder="Search posts or @user..." value={search} onChange={setSearch} />
            {tabList}
          </div>
        )}
      >
        {category !== DEFAULT_CATEGORY && (
          <p className="home-category">
            Feed: <span className="badge">{category}</span>
          </p>
        )}
        <EmptyState message={MESSAGES.empty.noPosts} />
      </Tabs>
    </section>
  );
}
