import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { setUnauthorizedHandler } from '../api/client';
import { Layout } from '../components/layout/Layout';
import { Spinner } from '../components/ui/Spinner';
import { AuthPage } from '../features/auth/AuthPage';
import { HomePage } from '../features/home/HomePage';
import { selectIsSignedIn, useSessionStore } from '../stores/session';
import { ErrorBoundary } from '../components/ui/ErrorBoundary';
import { lazyScreen } from './lazyScreen';

// Home and Login are the landing screens, so they ship in the main bundle; the rest load on demand.
const ProfilePage = lazyScreen(() => import('../features/profile/ProfilePage').then((m) => m.ProfilePage));
const NotificationsPage = lazyScreen(() =>
  import('../features/notifications/NotificationsPage').then((m) => m.NotificationsPage),
);
const SettingsPage = lazyScreen(() => import('../features/settings/SettingsPage').then((m) => m.SettingsPage));
const Cloud9Page = lazyScreen(() => import('../features/cloud9/Cloud9Page').then((m) => m.Cloud9Page));
const PostPage = lazyScreen(() => import('../features/post/PostPage').then((m) => m.PostPage));
const AdminToolsPage = lazyScreen(() => import('../features/admin/AdminToolsPage').then((m) => m.AdminToolsPage));
const AdminResetPage = lazyScreen(() => import('../features/admin/AdminResetPage').then((m) => m.AdminResetPage));

function Screen({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Keyed by path so an error on one screen clears when the user navigates away.
  return (
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<Spinner />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** Lets the API client send the user to /login after a 401 from anywhere. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => navigate('/login', { replace: true }));
    return () => setUnauthorizedHandler(null);
  }, [navigate]);
  return null;
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

/**
 * Routing. Signed in or out is decided only by the stored user: signed out, /login is
 * the only screen; signed in, /login and unknown paths go to /.
 */
export function AppRoutes() {
  const signedIn = useSessionStore(selectIsSignedIn);

  if (!signedIn) {
    return (
      <>
        <UnauthorizedRedirect />
        <Routes>
          <Route path="/login" element={<AuthPage />} />
          <Route path="*" element={<Navigate to="/login" replace />} />
        </Routes>
      </>
    );
  }

  return (
    <>
      <UnauthorizedRedirect />
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<Screen><HomePage /></Screen>} />
          <Route path="profile" element={<Screen><ProfilePage /></Screen>} />
          <Route path="profile/:username" element={<Screen><ProfilePage /></Screen>} />
          <Route path="notifications" element={<Screen><NotificationsPage /></Screen>} />
          <Route path="settings" element={<Screen><SettingsPage /></Screen>} />
          <Route path="cloud9" element={<Screen><Cloud9Page /></Screen>} />
          <Route path="post/:postId" element={<Screen><PostPage /></Screen>} />
          <Route path="admin-tools" element={<Screen><AdminToolsPage /></Screen>} />
          <Route path="admin-reset" element={<Screen><AdminResetPage /></Screen>} />
        </Route>
        <Route path="*" element={<UnknownPathRedirect />} />
      </Routes>
    </>
  );
}
