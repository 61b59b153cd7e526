import { Modal } from '../../components/ui/Modal';
import { TrophyIcon } from '../../components/ui/CloudArt';
import { useDonationStore } from '../../stores/donation';
import './donation.css';

/** Mounted once by the app; the side panel's Gift Us button opens it. PayPal is wired later. */
export function DonationDialog() {
  const open = useDonationStore((s) => s.open);
  const setOpen = useDonationStore((s) => s.setOpen);
  if (!open) return null;
  const close = () => setOpen(false);
  return (
    <Modal
      title="Gift Us"
      onClose={close}
      footer={
        <button type="button" className="btn btn-primary" onClick={close}>
          Close
        </button>
      }
    >
      <div className="donation-body">
        <TrophyIcon className="donation-trophy" />
        <p>
          Thank you for wanting to support Cloud 9 Social! Donations open soon through PayPal&apos;s secure donate page. Every gift
          keeps the skies clear and the servers humming.
        </p>
      </div>
    </Modal>
  );
}
