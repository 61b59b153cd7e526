import { Link } from 'react-router-dom';
import { MESSAGES, canUseAdminTools } from '@cloud9/contracts';
import { selectCurrentUser, useSessionStore } from '../../stores/session';
import './admin.css';

/** The tools of spec §2; each gets wired as the admin backend lands. */
const TOOLS: { title: string; description: string }[] = [
  { title: 'Manage Users', description: 'Browse and moderate accounts.' },
  { title: 'View Logs', description: 'Read the audit log of admin actions.' },
  { title: 'Backup or restore the database', description: "Type 'backup' or 'restore' to run it." },
  { title: 'Run an app backup', description: 'Archive the application files.' },
  { title: 'Sync follow tables', description: 'Recompute follower and following counts.' },
  { title: 'Manage group settings', description: 'Review the limits of every tier.' },
  { title: 'Check orphaned uploads', description: 'List uploaded files no post uses.' },
  { title: 'Admin boost a post', description: 'Pin a post to the top of the feed by id.' },
  { title: 'Process the boost queue', description: 'Expire old boosts and approve new requests.' },
  { title: 'Delete a user', description: 'Permanently remove an account by id.' },
  { title: 'Find a user', description: 'Look up id, email, name, group and creation date.' },
];

export function AdminToolsPage() {
  const user = useSessionStore(selectCurrentUser);
  if (!canUseAdminTools(user)) {
    return (
      <div className="page-body">
        <p className="admin-unauthorized">{MESSAGES.admin.unauthorizedAccess}</p>
      </div>
    );
  }
  return (
    <section aria-labelledby="admin-title">
      <div className="page-header">
        <h1 id="admin-title">Admin Panel</h1>
      </div>
      <div className="page-body">
        <ul className="admin-tools">
          <li className="admin-tool">
            <div>
              <h2 className="admin-tool-title">Reset a password</h2>
              <p className="hint">Set a new password for any member.</p>
            </div>
            <Link className="btn btn-primary" to="/admin-reset">
              Open reset form
            </Link>
          </li>
          {TOOLS.map((tool) => (
            <li key={tool.title} className="admin-tool">
              <div>
                <h2 className="admin-tool-title">{tool.title}</h2>
                <p className="hint">{tool.description}</p>
              </div>
              <span className="badge badge-gold">{MESSAGES.admin.comingSoon}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
