import { PWA_MESSAGES as M } from '@cloud9/contracts';
import { useAppUpdateStore } from '../../stores/appUpdate';
import './UpdateBanner.css';

/**
 * "A new version is ready — Reload": shown while a new version waits (stores/appUpdate). It stays until
 * the member reloads; the app never swaps versions under them.
 */
export function UpdateBanner() {
  const ready = useAppUpdateStore((s) => s.reload !== null);
  const reloading = useAppUpdateStore((s) => s.reloading);
  const accept = useAppUpdateStore((s) => s.accept);
  if (!ready) return null;
  return (
    <div className="update-banner" role="status">
      <span className="update-banner-text">{M.updateReady}</span>
      <button type="button" className="update-banner-reload" onClick={accept} disabled={reloading} aria-busy={reloading}>
        {M.reload}
      </button>
    </div>
  );
}
