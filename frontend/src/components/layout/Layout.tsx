import { Outlet } from 'react-router-dom';
import { RealtimeConnection } from '../../realtime/RealtimeConnection';
import { GlobalComposerHost } from '../composer/GlobalComposerHost';
import { Footer } from './Footer';
import { Header } from './Header';
import { LeftNav } from './LeftNav';
import { SidePanel } from './SidePanel';
import './Layout.css';

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
      <RealtimeConnection />
    </div>
  );
}
