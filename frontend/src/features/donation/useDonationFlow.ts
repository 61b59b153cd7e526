import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LIMITS, MESSAGES } from '@cloud9/contracts';
import { toast } from '../../components/notify';
import { publicConfigQuery } from '../../queries/config';

/** 'checking': the server has not said yet whether donations are configured. */
export type DonationPhase = 'checking' | 'waiting' | 'opened' | 'unavailable';

/**
 * Donation: 2.5 s after Gift Us, PayPal's donate page opens in a new tab, the toast
 * 'Donation window opened — thank you!' appears, and the dialog closes 3 s later. The Gift Us
 * click's user activation still holds at 2.5 s, so browsers let the tab open. Whether donations
 * are configured comes from /api/config (usually already cached): without a donate URL the dialog
 * says so at once, never "Taking you to PayPal" first.
 */
export function useDonationFlow(onClose: () => void): DonationPhase {
  const config = useQuery(publicConfigQuery);
  const donateUrl = config.isPending ? undefined : (config.data?.donateUrl ?? null);
  const [due, setDue] = useState(false);
  const [opened, setOpened] = useState(false);
  const openedRef = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const timer = setTimeout(() => setDue(true), LIMITS.donationDelayMs);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!due || !donateUrl || openedRef.current) return;
    openedRef.current = true;
    window.open(donateUrl, '_blank', 'noopener,noreferrer');
    toast(MESSAGES.payment.donationOpened, 'success');
    setOpened(true);
    const closeTimer = setTimeout(() => onCloseRef.current(), LIMITS.donationCloseAfterToastMs);
    return () => clearTimeout(closeTimer);
  }, [due, donateUrl]);

  if (donateUrl === undefined) return 'checking';
  if (donateUrl === null) return 'unavailable';
  return opened ? 'opened' : 'waiting';
}
