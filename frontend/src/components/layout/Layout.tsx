import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useFirstScreenDone } from '../../hooks/useFirstScreenDone';
import { useOnline } from '../../hooks/useOnline';
import { lazyWithTimeout } from '../../lib/lazyWithTimeout';
import { useComposerStore } from '../../stores/composer';
import { useNotificationsStore } from '../../stores/notifications';
import { selectUserId, useSessionStore } from '../../stores/session';
import { startThemeSync } from '../../stores/theme';
import { GlobalComposerHost } from '../composer/GlobalComposerHost';
import { MediaViewerHost } from '../media-viewer/MediaViewerHost';
import { Footer } from './Footer';
import { Header } from './Header';
import { LeftNav } from './LeftNav';
import { SidePanel } from './SidePanel';
import { TabBar } from './TabBar';
import { OfflineState } from '../ui/OfflineState';
import './Layout.css';
import { EmailVerificationBanner } from './EmailVerificationBanner';

// The socket client is a fifth of the shell's code and nothing on screen waits for it: it loads
// once the first screen is done (useFirstScreenDone), not beside it. Every connect fetches the
// notification status, so no dot is missed meanwhile.
const RealtimeConnection = lazyWithTimeout(() => import('../../queries/RealtimeConnection').then((m) => m.RealtimeConnection));
// Opened by a tap on phones and tablets only, so it loads on first use.
const MoreSheet = lazyWithTimeout<{ onClose: () => void }>(() => import('./MoreSheet').then((m) => m.MoreSheet));

/** Back online, every screen's data is read again: what is on screen at once, the rest when next shown. */
function useRefreshWhenBackOnline() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries();
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [queryClient]);
}

/**
 * `?compose` in the address (the installed app's "New post" shortcut) opens the composer, and leaves
 * the address.
 */
function useComposeFromAddress() {
  const [params, setParams] = useSearchParams();
  const compose = params.has('compose');
  useEffect(() => {
    if (!compose) return;
    useComposerStore.getState().openComposer();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('compose');
        return next;
      },
      { replace: true },
    );
  }, [compose, setParams]);
}

/**
 * The signed-in shell: skip link, header, nav, the routed screen, side panel, footer. CSS picks the
 * arrangement: three columns on desktops, an icon rail and one column on tablets, one column and a
 * bottom tab bar on phones; below 1100 px the side panel's content moves into the More sheet.
 */
export function Layout() {
  const [moreOpen, setMoreOpen] = useState(false);
  const userId = useSessionStore(selectUserId);
  const realtimeDue = useFirstScreenDone();
  // The dots this browser last knew show at once (the realtime connection keeps them current once it
  // starts), before the first paint: a dot added after it would move what is under the tabs that carry
  // it. Signing out, or another account, forgets them.
  useLayoutEffect(() => {
    if (userId === null) return;
    useNotificationsStore.getState().start(userId);
    return () => {
      if (useSessionStore.getState().currentUser?.id !== userId) useNotificationsStore.getState().reset();
    };
  }, [userId]);
  useComposeFromAddress();
  useRefreshWhenBackOnline();
  // Offline, Home shows what it last saw; every other screen says it needs the network.
  const online = useOnline();
  const { pathname } = useLocation();
  // The account's theme, read at start or sign-in, is drawn from here on (the stored one already was).
  useLayoutEffect(startThemeSync, []);
  const openMore = () => setMoreOpen(true);
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <Header onOpenMore={openMore} />
      <div className="app-columns">
        <LeftNav onOpenMore={openMore} />
        <main id="main-content" className="app-main" tabIndex={-1}>
          <EmailVerificationBanner />
          {online || pathname === '/' ? <Outlet /> : <OfflineState />}
        </main>
        <SidePanel />
      </div>
      <Footer />
      <TabBar />
      <GlobalComposerHost />
      <MediaViewerHost />
      {moreOpen && (
        <Suspense fallback={null}>
          <MoreSheet onClose={() => setMoreOpen(false)} />
        </Suspense>
      )}
      {realtimeDue && (
        <Suspense fallback={null}>
          <RealtimeConnection />
        </Suspense>
      )}
    </div>
  );
}
