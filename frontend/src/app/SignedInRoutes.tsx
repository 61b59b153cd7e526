import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { DialogHostSlot } from '../components/dialogs/DialogHostSlot';
import { Layout } from '../components/layout/Layout';
import { ErrorBoundary } from '../components/ui/ErrorBoundary';
import { DonationDialog } from '../features/donation/DonationDialog';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { lazyScreen } from './lazyScreen';
import { pageTitle } from './pageTitle';
import { SCREEN_NAMES, SCREENS, type ScreenName } from './screens';
import { ScreenSkeleton } from './ScreenSkeleton';

/** Each screen's component, its code loaded when first shown. */
const SCREEN_COMPONENTS = Object.fromEntries(SCREEN_NAMES.map((name) => [name, lazyScreen(SCREENS[name].load)])) as Record<ScreenName, ReturnType<typeof lazyScreen>>;

/** A screen in the shell: the tab titled after it, its skeleton while its code loads. */
function ScreenFrame({ screen }: { screen: ScreenName }) {
  const { pathname } = useLocation();
  useDocumentTitle(pageTitle(pathname));
  const Component = SCREEN_COMPONENTS[screen];
  // Keyed by path so an error on one screen clears when the user navigates away.
  return (
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<ScreenSkeleton screen={screen} />}>
        <Component />
      </Suspense>
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

/** The signed-in app: the shell around the screens of the screen table (screens.ts). */
export function SignedInRoutes() {
  return (
    <>
      <Routes>
        <Route element={<Layout />}>
          {SCREEN_NAMES.map((name) => (
            <Route key={name} path={SCREENS[name].path} element={<ScreenFrame screen={name} />} />
          ))}
        </Route>
        <Route path="*" element={<UnknownPathRedirect />} />
      </Routes>
      <DonationDialog />
      <DialogHostSlot />
    </>
  );
}
