import { Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ACCOUNT_MAIL_PATHS } from '@cloud9/contracts';
import { onUnauthorized } from '../api/client';
import { ShellSkeleton } from '../components/skeletons/ShellSkeleton';
import { ErrorBoundary } from '../components/ui/ErrorBoundary';
import { AuthPage } from '../features/auth/AuthPage';
import { selectIsSignedIn, useSessionStore } from '../stores/session';
import { lazyScreen } from './lazyScreen';
import { useSignedInShell } from './useSignedInShell';

// The first load carries the login page and the frame; the signed-in shell and each screen load on
// demand (the screen table, screens.ts), so /login downloads no shell, feed, composer or socket
// code. The screen's own skeleton comes with the shell's code; until then the frame stands in
// (ShellSkeleton).
// A shared permalink opened signed out: read-only, its code loaded only there.
const PublicPostPage = lazyScreen(() => import('../features/post/PublicPostPage').then((m) => m.PublicPostPage));
// The pages a mail's link opens (verify, reset) and the forgot form: signed in or out, loaded there only.
const AccountLinkRoutes = lazyScreen(() => import('../features/auth/AccountLinkPages').then((m) => m.AccountLinkRoutes));
const ACCOUNT_LINK_PAGES: readonly string[] = Object.values(ACCOUNT_MAIL_PATHS);

/** Lets the API client send the user to /login after a 401 from anywhere. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => onUnauthorized(() => navigate('/login', { replace: true })), [navigate]);
  return null;
}

/** The signed-in app, once the shell's and the first screen's code have arrived; the frame until then. */
function SignedInApp() {
  const SignedInRoutes = useSignedInShell(useLocation().pathname);
  return SignedInRoutes ? <SignedInRoutes /> : <ShellSkeleton />;
}

/**
 * Routing. Signed in or out is decided only by the stored user: signed out, /login and a post's
 * permalink (read-only) are the only screens; signed in, /login and unknown paths go to /.
 */
export function AppRoutes() {
  const signedIn = useSessionStore(selectIsSignedIn);
  const { pathname } = useLocation();

  if (ACCOUNT_LINK_PAGES.includes(pathname)) {
    return (
      <ErrorBoundary>
        <Suspense fallback={null}>
          <AccountLinkRoutes />
        </Suspense>
      </ErrorBoundary>
    );
  }

  if (!signedIn) {
    return (
      <>
        <UnauthorizedRedirect />
        <Routes>
          <Route path="/login" element={<AuthPage />} />
          <Route
            path="/post/:postId"
            element={
              <ErrorBoundary>
                <Suspense fallback={null}>
                  <PublicPostPage />
                </Suspense>
              </ErrorBoundary>
            }
          />
          <Route path="*" element={<Navigate to="/login" replace />} />
        </Routes>
      </>
    );
  }

  return (
    <>
      <UnauthorizedRedirect />
      <ErrorBoundary>
        <Suspense fallback={<ShellSkeleton />}>
          <SignedInApp />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
