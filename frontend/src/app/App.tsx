import { BrowserRouter } from 'react-router-dom';
import { ToastRegion } from '../components/ui/ToastRegion';
import { QueryProvider } from './QueryProvider';
import { createQueryClient } from '../queries/queryClient';
import { AppRoutes } from './router';

const queryClient = createQueryClient();

export function App() {
  return (
    <QueryProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
        <ToastRegion />
      </BrowserRouter>
    </QueryProvider>
  );
}
