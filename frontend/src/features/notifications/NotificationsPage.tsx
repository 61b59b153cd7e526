import { useState } from 'react';
import { MESSAGES } from '@cloud9/contracts';
import { EmptyState } from '../../components/ui/EmptyState';
import { Tabs, type TabItem } from '../../components/ui/Tabs';
import { SearchBox } from '../../components/ui/SearchBox';

type NoticeTab = 'alerts' | 'system';
const TABS: readonly (TabItem<NoticeTab> & { empty: string })[] = [
  { id: 'alerts', label: 'My Notifications', empty: MESSAGES.empty.noAlerts },
  { id: 'system', label: 'System Notices', empty: MESSAGES.empty.noSystemNotices },
];

/** Alerts and notices land with the notifications issue; until then both lists are honestly empty. */
export function NotificationsPage() {
  const [tab, setTab] = useState<NoticeTab>('alerts');
  const [search, setSearch] = useState('');
  const active = TABS.find((t) => t.id === tab) ?? TABS[0];

  return (
    <section aria-labelledby="notifications-title">
      <Tabs
        label="Notification type"
        items={TABS}
        selected={tab}
        onSelect={setTab}
        panelClassName="page-body"
        header={(tabList) => (
          <div className="page-header">
            <h1 id="notifications-title">Notifications</h1>
            <SearchBox label="Search notifications" placeholder="Search notifications..." value={search} onChange={setSearch} />
            {tabList}
          </div>
        )}
      >
        <EmptyState message={active.empty} />
      </Tabs>
    </section>
  );
}
