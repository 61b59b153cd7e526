import { useId, useState } from 'react';
import { ALL_GROUP_IDS, type AdminUser } from '@cloud9/contracts';
import { formatDateTime, groupLabel } from './groupLabel';

interface UserGroupRowProps {
  user: AdminUser;
  /** The signed-in admin's own row: the group cannot be changed here (no locking oneself out). */
  self: boolean;
  onChangeGroup: (user: AdminUser, groupId: number) => Promise<void>;
}

/** One account in Manage Users, with a select that moves it to another group. */
export function UserGroupRow({ user, self, onChangeGroup }: UserGroupRowProps) {
  const selectId = useId();
  const [saving, setSaving] = useState(false);

  const change = async (groupId: number) => {
    setSaving(true);
    try {
      await onChangeGroup(user, groupId);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="admin-user-row">
      <div className="admin-user-row-who">
        <span className="admin-user-row-name">
          {user.name || user.username}
          {self && <span className="badge admin-you">you</span>}
        </span>
        <span className="admin-user-row-meta">
          @{user.username} · {user.email}
        </span>
        <span className="admin-user-row-meta">
          #{user.id} · joined {formatDateTime(user.createdAt)}
        </span>
      </div>
      <div className="admin-user-row-group">
        <label htmlFor={selectId} className="visually-hidden">
          Group for @{user.username}
        </label>
        <select
          id={selectId}
          className="input admin-select"
          value={user.group_id}
          disabled={self || saving}
          aria-busy={saving}
          onChange={(e) => void change(Number(e.target.value))}
        >
          {ALL_GROUP_IDS.map((id) => (
            <option key={id} value={id}>
              {groupLabel(id)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
