import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { lazyWithTimeout } from '../../lib/lazyWithTimeout';
import { GlobalComposerHost } from '../composer/GlobalComposerHost';
import { Footer } from './Footer';
import { Header } from './Header';
import { LeftNav } from './LeftNav';
import { SidePanel } from './SidePanel';
import './Layout.css';

// The socket client is a fifth of the shell's code and nothing on screen waits for it: it loads
// beside the first screen instead of before it.
const RealtimeConnection = lazyWithTimeout(() => import('../../realtime/RealtimeConnection').then((m) => m.RealtimeConnection));

/** The signed-in shell: skip link, header, nav, the routed screen, side panel, footer. */
export function Layout() {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <Header />
      <div className="app-columns">
        <LeftNav />
        <main id="main-content" className="app-main" tabIndex={-1}>
          <Outlet />
        </main>
        <SidePanel />
      </div>
      <Footer />
      <GlobalComposerHost />
      <Suspense fallback={null}>
        <RealtimeConnection />
      </Suspense>
    </div>
  );
}
