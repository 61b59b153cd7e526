import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PWA_MESSAGES as M } from '@cloud9/contracts';
import './UpdateBanner.css';

/**
 * "A new version is ready — Reload", shown while a new version of the app waits (app/serviceWorker.ts).
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

/** Puts the banner on the page in a root of its own: nothing of the app's tree changes for it. */
export function showUpdateBanner(onReload: () => void): void {
  const host = document.createElement('div');
  host.className = 'update-banner-host';
  document.body.append(host);
  createRoot(host).render(<UpdateBanner onReload={onReload} />);
}
