import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIMITS, MESSAGES } from '@cloud9/contracts';
import { toast } from '../../components/notify';
import { publicConfigQuery } from '../../queries/config';

export type DonationPhase = 'waiting' | 'opened' | 'unavailable';

/**
 * Donation: 2.5 s after Gift Us, PayPal's donate page opens in a new tab, the toast
 * 'Donation window opened — thank you!' appears, and the dialog closes 3 s later. The Gift Us
 * click's user activation still holds at 2.5 s, so browsers let the tab open.
 */
export function useDonationFlow(onClose: () => void): DonationPhase {
  const [phase, setPhase] = useState<DonationPhase>('waiting');
  const queryClient = useQueryClient();

  useEffect(() => {
    let alive = true;
    let closeTimer: ReturnType<typeof setTimeout> | undefined;
    const donateUrl = queryClient.fetchQuery(publicConfigQuery).then(
      (c) => c.donateUrl,
      () => null,
    );
    const openTimer = setTimeout(async () => {
      const url = await donateUrl;
      if (!alive) return;
      if (!url) {
        setPhase('unavailable');
        return;
      }
      window.open(url, '_blank', 'noopener,noreferrer');
      toast(MESSAGES.payment.donationOpened, 'success');
      setPhase('opened');
      closeTimer = setTimeout(onClose, LIMITS.donationCloseAfterToastMs);
    }, LIMITS.donationDelayMs);
    return () => {
      alive = false;
      clearTimeout(openTimer);
      clearTimeout(closeTimer);
    };
    // One run per opening of the dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return phase;
}
