import { useCallback, useState } from 'react';
import { GroupId, LIMITS, MESSAGES, type AdminUser } from '@cloud9/contracts';
import { confirmAction } from '../../components/confirm';
import { Modal } from '../../components/ui/Modal';
import { PagedList } from '../../components/ui/PagedList';
import { SearchBox } from '../../components/ui/SearchBox';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import { failureMessage } from './adminErrors';
import { ADMIN_TEXT } from './adminText';
import { groupLabel } from './groupLabel';
import { useAdminUsers, useSetUserGroup } from './queries';
import { UserGroupRow } from './UserGroupRow';

const failed = (error?: string) => MESSAGES.admin.failedPrefix(error || 'Unknown error');

/** Manage Users: search every account (keyset-paged) and move one to another group (PATCH /api/admin/users/:id). */
export function ManageUsersModal({ onClose }: { onClose: () => void }) {
  const me = useSessionStore(selectCurrentUser);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState('');
  const query = useDebouncedValue(search.trim(), LIMITS.homeSearchDebounceMs);
  const users = useAdminUsers(query);
  const { mutateAsync: saveGroup } = useSetUserGroup();

  const changeGroup = useCallback(
    async (user: AdminUser, groupId: number) => {
      if (groupId === user.group_id) return;
      if (groupId === GroupId.Admin && !(await confirmAction({ message: ADMIN_TEXT.promoteConfirm(user.username), confirmLabel: 'Make admin' }))) return;
      try {
        const { user: saved } = await saveGroup({ id: user.id, groupId });
        setFailure('');
        setStatus(ADMIN_TEXT.groupChanged(saved.username, groupLabel(saved.group_id)));
      } catch (err) {
        const message = failureMessage(err, MESSAGES.admin.couldNotContactAdmin, failed);
        console.error(message, err);
        setStatus('');
        setFailure(message);
      }
    },
    [saveGroup],
  );

  return (
    <Modal
      title="Manage Users"
      onClose={onClose}
      size="lg"
      className="admin-modal"
      footer="close"
      scrollsInside
    >
      <SearchBox label="Search users" placeholder="Search by username, name or email" value={search} onChange={setSearch} />
      <p className="admin-modal-status" role="status" aria-live="polite">
        {status}
      </p>
      {/* Inside the dialog, where the reader is: the app's alert toasts sit outside it. */}
      <p className="admin-modal-status admin-modal-failure" role="alert">
        {failure}
      </p>
      <PagedList
        query={users}
        label="Users"
        className="admin-user-list"
        loadingLabel="Loading users..."
        emptyMessage={query ? ADMIN_TEXT.noUsers : MESSAGES.empty.noResults}
        renderItem={(user) => <UserGroupRow user={user} self={user.id === me?.id} onChangeGroup={changeGroup} />}
      />
    </Modal>
  );
}
