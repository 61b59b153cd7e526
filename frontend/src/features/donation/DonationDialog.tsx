import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@cloud9/contracts';
import { Modal } from '../../components/ui/Modal';
import { TrophyIcon } from '../../components/ui/CloudArt';
import { publicConfigQuery } from '../../queries/config';
import { useDonationStore } from '../../stores/donation';
import { useDonationFlow } from './useDonationFlow';
import './donation.css';

const TEXT = {
  checking: 'Checking whether donations are open…',
  waiting: 'Taking you to PayPal’s secure donate page…',
  opened: 'PayPal’s donate page is open in a new tab. Thank you for keeping Cloud 9 in the sky!',
  unavailable: MESSAGES.payment.donationsNotConfigured,
} as const;

function DonationFlow({ onClose }: { onClose: () => void }) {
  const phase = useDonationFlow(onClose);
  return (
    <Modal
      title="Gift Us"
      onClose={onClose}
      footer={
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {phase === 'waiting' || phase === 'checking' ? 'Cancel' : 'Close'}
        </button>
      }
    >
      <div className="donation-body">
        <TrophyIcon className="donation-trophy" />
        <div>
          <p role="status">{TEXT[phase]}</p>
          {phase === 'waiting' && <div className="donation-progress" aria-hidden="true" />}
        </div>
      </div>
    </Modal>
  );
}

/** Mounted once by the app; the side panel's Gift Us button opens it. */
export function DonationDialog() {
  // Asked with the shell, so a click on Gift Us already knows whether donations are configured.
  useQuery(publicConfigQuery);
  const open = useDonationStore((s) => s.open);
  const setOpen = useDonationStore((s) => s.setOpen);
  return open ? <DonationFlow onClose={() => setOpen(false)} /> : null;
}
