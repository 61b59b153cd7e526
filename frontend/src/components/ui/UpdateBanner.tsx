import { useState } from 'react';
import { PWA_MESSAGES as M } from '@cloud9/contracts';
import './UpdateBanner.css';

/**
 * "A new version is ready — Reload", shown while a new version of the app waits (app/serviceWorker.tsx).
 * It stays until the member reloads: the app never swaps versions under them. Reload hands control to
 * the new version, which reloads the page; the button says it is busy meanwhile and cannot be pressed twice.
 */
export function UpdateBanner({ onReload }: { onReload: () => void }) {
  const [reloading, setReloading] = useState(false);
  const reload = () => {
    if (reloading) return;
    setReloading(true);
    onReload();
  };
  return (
    <div className="update-banner" role="status">
      <span className="update-banner-text">{M.updateReady}</span>
      <button type="button" className="update-banner-reload" onClick={reload} disabled={reloading} aria-busy={reloading}>
        {M.reload}
      </button>
    </div>
  );
}
