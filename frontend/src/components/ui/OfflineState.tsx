import { Link } from 'react-router-dom';
import { PWA_MESSAGES as M } from '@cloud9/contracts';
import { EmptyState } from './EmptyState';

/** A screen that needs the network, opened offline: said plainly, instead of a spinner that never ends. */
export function OfflineState() {
  return (
    <section aria-labelledby="offline-title" className="offline-state">
      <div className="page-header">
        <h1 id="offline-title">{M.offlineTitle}</h1>
      </div>
      <div className="page-body">
        <EmptyState message={M.offlineText}>
          <p>
            <Link to="/">{M.offlineHomeLink}</Link>
          </p>
        </EmptyState>
      </div>
    </section>
  );
}
