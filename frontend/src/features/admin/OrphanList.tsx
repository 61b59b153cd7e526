import type { AdminOrphansResult } from '@cloud9/contracts';
import { ADMIN_TEXT } from './adminText';

interface OrphanListProps {
  result: AdminOrphansResult;
  busy: boolean;
  onDelete: () => void;
}

/**
 * The orphaned files' names (outside the live region, so a long list is not read out) and the
 * delete action. The list scrolls in its own box, which takes the keyboard focus so it can be scrolled.
 */
export function OrphanList({ result, busy, onDelete }: OrphanListProps) {
  const { total, orphaned } = result;
  return (
    <div className="admin-orphans">
      <div className="admin-scroll-box" role="region" aria-label="Orphaned files" tabIndex={0}>
        <ul className="admin-orphan-list">
          {orphaned.map((name, i) => (
            // Two folders may hold files of the same name: the position keeps them apart.
            <li key={`${i}-${name}`}>{name}</li>
          ))}
        </ul>
      </div>
      {orphaned.length < total && <p className="hint">{ADMIN_TEXT.orphansShown(orphaned.length, total)}</p>}
      <button type="button" className="btn btn-danger" aria-disabled={busy} onClick={onDelete}>
        Delete orphaned files
      </button>
    </div>
  );
}
