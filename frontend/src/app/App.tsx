import { Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ToastRegion } from '../components/ui/ToastRegion';
import { lazyWithTimeout } from '../lib/lazyWithTimeout';
import { useAppUpdateStore } from '../stores/appUpdate';
import { QueryProvider } from './QueryProvider';
import { createQueryClient } from '../queries/queryClient';
import { AppRoutes } from './router';

const queryClient = createQueryClient();

// Only when a new version waits (app/serviceWorker.ts): no first load carries it.
const UpdateBanner = lazyWithTimeout(() => import('../components/ui/UpdateBanner').then((m) => m.UpdateBanner));

export function App() {
  const updateReady = useAppUpdateStore((s) => s.reload !== null);
  return (
    <QueryProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
        <ToastRegion />
        {updateReady && (
          <Suspense fallback={null}>
            <UpdateBanner />
          </Suspense>
        )}
      </BrowserRouter>
    </QueryProvider>
  );
}
