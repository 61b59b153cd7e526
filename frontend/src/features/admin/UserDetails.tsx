import type { AdminUser } from '@cloud9/contracts';
import { formatDateTime, groupLabel } from './groupLabel';

/** A user's account facts as the find tool shows them (id, username, email, name, group, created). */
export function UserDetails({ user }: { user: AdminUser }) {
  const rows: [string, string][] = [
    ['Id', String(user.id)],
    ['Username', user.username],
    ['Email', user.email],
    ['Name', user.name || '—'],
    ['Group', groupLabel(user.group_id)],
    ['Created', formatDateTime(user.createdAt)],
  ];
  return (
    <dl className="admin-user-details">
      {rows.map(([term, value]) => (
        <div key={term} className="admin-user-details-row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
