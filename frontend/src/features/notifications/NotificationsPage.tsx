import { useState } from 'react';
import { LIMITS } from '@cloud9/contracts';
import type { SeenKind } from '../../api/notifications';
import { SearchBox } from '../../components/ui/SearchBox';
import { Tabs, type TabItem } from '../../components/ui/Tabs';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { selectAlertsDot, selectNoticesDot, useNotificationsStore } from '../../stores/notifications';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { AlertList } from './AlertList';
import { MyAlerts } from './MyAlerts';
import { NoticeBoard } from './NoticeBoard';
import { useMarkSeenOnView } from './useMarkSeenOnView';
import './notifications.css';

/** A tab's own dot; its name then ends in ', new' (like the nav link's 'Notifications, new'). */
const withDot = (label: string, dot: boolean) =>
  dot ? { label, badge: <span className="tab-dot" />, ariaLabel: `${label}, new` } : { label };

/** Notifications: My Notifications (grouped; single alerts for a search) and System Notices, a search box, the staff composer. */
export function NotificationsPage() {
  const currentUser = useSessionStore(selectCurrentUser);
  const [tab, setTab] = useState<SeenKind>('alerts');
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), LIMITS.homeSearchDebounceMs);
  const alertsDot = useNotificationsStore(selectAlertsDot);
  const noticesDot = useNotificationsStore(selectNoticesDot);
  // Notices are read by opening their tab; alerts by "Mark all as read" (MyAlerts).
  useMarkSeenOnView('notices', noticesDot, tab === 'notices');

  const tabs: TabItem<SeenKind>[] = [
    { id: 'alerts', ...withDot('My Notifications', alertsDot) },
    { id: 'notices', ...withDot('System Notices', noticesDot) },
  ];

  return (
    <section aria-labelledby="notifications-title" className="notifications">
      <Tabs
        label="Notification type"
        items={tabs}
        selected={tab}
        onSelect={setTab}
        panelClassName="page-body"
        // Labelled by its tab, the notices panel would also answer to the composer's label
        // 'System notice' (label lookups match parts of names), so it gets a name of its own.
        panelLabel={tab === 'notices' ? 'Notices from staff' : undefined}
        header={(tabList) => (
          <div className="page-header">
            <h1 id="notifications-title">Notifications</h1>
            <SearchBox label="Search notifications" placeholder="Search notifications..." value={search} onChange={setSearch} />
            {tabList}
          </div>
        )}
      >
        {tab === 'notices' ? (
          <NoticeBoard query={query} />
        ) : (
          currentUser && (query ? <AlertList userId={currentUser.id} query={query} /> : <MyAlerts userId={currentUser.id} />)
        )}
      </Tabs>
    </section>
  );
}
