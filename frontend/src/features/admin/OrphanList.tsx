import type { AdminOrphansResult } from '@cloud9/contracts';
import { ADMIN_TEXT } from './adminText';

interface OrphanListProps {
  result: AdminOrphansResult;
  busy: boolean;
  onDelete: () => void;
}

/** The orphaned files' names (outside the live region, so a long list is not read out) and the delete action. */
export function OrphanList({ result, busy, onDelete }: OrphanListProps) {
  const { total, orphaned } = result;
  return (
    <div className="admin-orphans">
      <ul className="admin-orphan-list" aria-label="Orphaned files">
        {orphaned.map((name) => (
          <li key={name}>
            <code>{name}</code>
          </li>
        ))}
      </ul>
      {orphaned.length < total && <p className="hint">{ADMIN_TEXT.orphansShown(orphaned.length, total)}</p>}
      <button type="button" className="btn btn-danger" aria-disabled={busy} onClick={onDelete}>
        Delete orphaned files
      </button>
    </div>
  );
}
