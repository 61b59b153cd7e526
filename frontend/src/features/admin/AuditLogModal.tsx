import { useState } from 'react';
import { LIMITS } from '@cloud9/contracts';
import { Modal } from '../../components/ui/Modal';
import { PagedList } from '../../components/ui/PagedList';
import { SearchBox } from '../../components/ui/SearchBox';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { ADMIN_TEXT } from './adminText';
import { AuditRow } from './AuditRow';
import { useAuditLog } from './queries';

/** View Logs: the audit log of admin actions, newest first, searchable and keyset-paged. */
export function AuditLogModal({ onClose }: { onClose: () => void }) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), LIMITS.homeSearchDebounceMs);
  const log = useAuditLog(query);

  return (
    <Modal
      title="Admin logs"
      onClose={onClose}
      size="lg"
      className="admin-modal"
      footer="close"
      scrollsInside
    >
      <SearchBox label="Search logs" placeholder="Search by action, admin or target" value={search} onChange={setSearch} />
      <PagedList
        query={log}
        label="Log entries"
        className="admin-audit-list"
        loadingLabel="Loading logs..."
        emptyMessage={query ? ADMIN_TEXT.noLogsMatch : ADMIN_TEXT.noLogs}
        renderItem={(entry) => <AuditRow entry={entry} />}
      />
    </Modal>
  );
}
