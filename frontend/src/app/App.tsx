import { BrowserRouter } from 'react-router-dom';
import { ToastRegion } from '../components/ui/ToastRegion';
import { DonationDialog } from '../features/donation/DonationDialog';
import { AppRoutes } from './router';

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
      <DonationDialog />
      <ToastRegion />
    </BrowserRouter>
  );
}
