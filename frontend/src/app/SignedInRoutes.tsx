import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { DialogHostSlot } from '../components/dialogs/DialogHostSlot';
import { Layout } from '../components/layout/Layout';
import { ErrorBoundary } from '../components/ui/ErrorBoundary';
import { DonationDialog } from '../features/donation/DonationDialog';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { lazyScreen } from './lazyScreen';
import { pageTitle } from './pageTitle';
import { screens } from './screens';
import { ScreenSkeleton } from './ScreenSkeleton';

const HomePage = lazyScreen(screens.home);
const ProfilePage = lazyScreen(screens.profile);
const NotificationsPage = lazyScreen(screens.notifications);
const SettingsPage = lazyScreen(screens.settings);
const Cloud9Page = lazyScreen(screens.cloud9);
const PostPage = lazyScreen(screens.post);
const TagPage = lazyScreen(screens.tag);
const BookmarksPage = lazyScreen(screens.bookmarks);
const ModerationPage = lazyScreen(screens.moderation);
const AdminToolsPage = lazyScreen(screens.adminTools);
const AdminResetPage = lazyScreen(screens.adminReset);

function Screen({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useDocumentTitle(pageTitle(pathname));
  // Keyed by path so an error on one screen clears when the user navigates away.
  return (
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<ScreenSkeleton pathname={pathname} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

const AT_PROFILE = /^\/@([^/]+)\/?$/;

/**
 * Signed-in fallback: the `/@username` profile link form goes to /profile/username;
 * any other unknown path goes to /. (React Router matches whole segments only, so `/@:username`
 * cannot be a route of its own.)
 */
function UnknownPathRedirect() {
  const { pathname } = useLocation();
  const match = AT_PROFILE.exec(pathname);
  return <Navigate to={match ? `/profile/${match[1]}` : '/'} replace />;
}

/** The signed-in app: the shell around the screens, each screen's code loaded when first shown. */
export function SignedInRoutes() {
  return (
    <>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<Screen><HomePage /></Screen>} />
          <Route path="profile" element={<Screen><ProfilePage /></Screen>} />
          <Route path="profile/:username" element={<Screen><ProfilePage /></Screen>} />
          <Route path="notifications" element={<Screen><NotificationsPage /></Screen>} />
          <Route path="settings" element={<Screen><SettingsPage /></Screen>} />
          <Route path="cloud9" element={<Screen><Cloud9Page /></Screen>} />
          <Route path="post/:postId" element={<Screen><PostPage /></Screen>} />
          <Route path="tag/:tag" element={<Screen><TagPage /></Screen>} />
          <Route path="bookmarks" element={<Screen><BookmarksPage /></Screen>} />
          <Route path="moderation" element={<Screen><ModerationPage /></Screen>} />
          <Route path="admin-tools" element={<Screen><AdminToolsPage /></Screen>} />
          <Route path="admin-reset" element={<Screen><AdminResetPage /></Screen>} />
        </Route>
        <Route path="*" element={<UnknownPathRedirect />} />
      </Routes>
      <DonationDialog />
      <DialogHostSlot />
    </>
  );
}
