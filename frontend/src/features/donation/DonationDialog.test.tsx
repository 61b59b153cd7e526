import { act, screen, within } from '@testing-library/react';
import { LIMITS, MESSAGES } from '@cloud9/contracts';
import { vi } from 'vitest';
import { DonationDialog } from './DonationDialog';
import { clearPublicConfigCache } from '../../api/config';
import { useDonationStore } from '../../stores/donation';
import { jsonResponse, renderAt, setSession, stubFetch, testUser } from '../../test/utils';

const DONATE_URL = 'https://www.paypal.com/donate/?hosted_button_id=TEST';
const config = (donateUrl: string | null) => ({ supportEmail: 's@x.test', donateUrl, paypalClientId: null, paypalSdkUrl: 'https://x.test/js', gifsEnabled: false });

describe('Donation dialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    clearPublicConfigCache();
    setSession(testUser());
  });
  afterEach(() => {
    act(() => useDonationStore.getState().setOpen(false));
    vi.useRealTimers();
  });

  it('waits 2.5 s, opens the donate page in a new tab, toasts the thanks, and closes 3 s later', async () => {
    stubFetch(() => jsonResponse(config(DONATE_URL)));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    useDonationStore.getState().setOpen(true);
    renderAt(<DonationDialog />);
    expect(screen.getByRole('dialog', { name: 'Gift Us' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(LIMITS.donationDelayMs - 50));
    expect(open).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(open).toHaveBeenCalledWith(DONATE_URL, '_blank', 'noopener,noreferrer');
    expect(screen.getAllByText(MESSAGES.payment.donationOpened).length).toBeGreaterThan(0);

    await act(() => vi.advanceTimersByTimeAsync(LIMITS.donationCloseAfterToastMs - 50));
    expect(screen.getByRole('dialog', { name: 'Gift Us' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.queryByRole('dialog', { name: 'Gift Us' })).not.toBeInTheDocument();
  });

  it('Cancel during the wait opens nothing', async () => {
    stubFetch(() => jsonResponse(config(DONATE_URL)));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    useDonationStore.getState().setOpen(true);
    renderAt(<DonationDialog />);
    act(() => screen.getByRole('button', { name: 'Cancel' }).click());
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.donationDelayMs + 100));
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Gift Us' })).not.toBeInTheDocument();
  });

  it('with the config already known, a dialog opened without DONATE_URL never shows the PayPal wait', async () => {
    stubFetch(() => jsonResponse(config(null)));
    const { queryClient } = renderAt(<DonationDialog />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(queryClient.getQueryData(['config', 'public'])).toMatchObject({ donateUrl: null });
    act(() => useDonationStore.getState().setOpen(true));
    expect(screen.getByRole('dialog', { name: 'Gift Us' })).toHaveTextContent(MESSAGES.payment.donationsNotConfigured);
    expect(screen.queryByText(/Taking you to PayPal/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('without DONATE_URL it says donations are not configured and stays open', async () => {
    stubFetch(() => jsonResponse(config(null)));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    useDonationStore.getState().setOpen(true);
    renderAt(<DonationDialog />);
    // Said as soon as the config is known, without the "Taking you to PayPal" wait first.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(within(screen.getByRole('dialog', { name: 'Gift Us' })).getByRole('status')).toHaveTextContent(MESSAGES.payment.donationsNotConfigured);
    expect(screen.queryByText(/Taking you to PayPal/)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.donationDelayMs + LIMITS.donationCloseAfterToastMs + 100));
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByText(MESSAGES.payment.donationsNotConfigured)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Gift Us' })).toBeInTheDocument();
  });
});
