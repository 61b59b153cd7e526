import type { AdminUser } from '@cloud9/contracts';
import { FactList } from './FactList';
import { formatDateTime, groupLabel } from './groupLabel';

/** A user's account facts as the find tool shows them (id, username, email, name, group, created). */
export function UserDetails({ user }: { user: AdminUser }) {
  return (
    <FactList
      facts={[
        ['Id', String(user.id)],
        ['Username', user.username],
        ['Email', user.email],
        ['Name', user.name || '—'],
        ['Group', groupLabel(user.group_id)],
        ['Created', formatDateTime(user.createdAt)],
      ]}
    />
  );
}
