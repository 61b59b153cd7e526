import { useState } from 'react';
import { MESSAGES } from '@cloud9/contracts';
import { EmptyState } from '../../components/ui/EmptyState';
import { SearchBox } from '../../components/ui/SearchBox';

type NoticeTab = 'alerts' | 'system';
const TABS: { id: NoticeTab; label: string; empty: string }[] = [
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
      <div className="page-header">
        <h1 id="notifications-title">Notifications</h1>
        <SearchBox label="Search notifications" placeholder="Search notifications..." value={search} onChange={setSearch} />
        <div className="tabs" role="tablist" aria-label="Notification type">
          {TABS.map((t) => (
            <button
              key={t.id}
              id={`notifications-tab-${t.id}`}
              type="button"
              role="tab"
              className="tab"
              aria-selected={tab === t.id}
              aria-controls="notifications-panel"
              onClick={() => setTab(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
      </div>
      <div id="notifications-panel" role="tabpanel" aria-labelledby={`notifications-tab-${tab}`} className="page-body">
        <EmptyState message={active.empty} />
      </div>
    </section>
  );
}
