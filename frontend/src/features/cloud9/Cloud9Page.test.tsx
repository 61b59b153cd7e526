import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, PLANS, type GroupPlan } from '@cloud9/contracts';
import { vi } from 'vitest';
import { Cloud9Page } from './Cloud9Page';
import type { PayPalSubscribeButtonProps } from './PayPalSubscribeButton';
import { clearPublicConfigCache } from '../../api/config';
import { useSessionStore } from '../../stores/session';
import { jsonResponse, renderAt, setSession, stubFetch, testUser, alertTexts } from '../../test/utils';

// PayPal's SDK cannot load in jsdom; this stand-in plays the buyer approving, failing or cancelling.
// The real SDK path runs in the browser tests against the fake PayPal.
vi.mock('./PayPalSubscribeButton', () => ({
  PayPalSubscribeButton: ({ planId, onApproved, onError, onCancel }: PayPalSubscribeButtonProps) => (
    <div data-testid="paypal" data-plan={planId}>
      <button type="button" onClick={() => onApproved('I-APPROVED1')}>
        Approve in PayPal
      </button>
      <button type="button" onClick={onError}>
        Fail in PayPal
      </button>
      <button type="button" onClick={onCancel}>
        Cancel in PayPal
      </button>
    </div>
  ),
}));

const SERVER_PLANS: GroupPlan[] = PLANS.map((p) => ({ ...p, paypalPlanId: p.id >= 6 ? `P-${p.name.toUpperCase()}` : null }));
const CONFIG = { supportEmail: 's@x.test', donateUrl: null, paypalClientId: 'client-1', paypalSdkUrl: 'https://sdk.test/js', gifsEnabled: false };

function serve(overrides: { config?: object; subscribe?: () => Response } = {}) {
  return stubFetch((url, init) => {
    if (url === '/api/groups') return jsonResponse(SERVER_PLANS);
    if (url === '/api/config') return jsonResponse({ ...CONFIG, ...overrides.config });
    if (url === '/api/subscriptions' && init.method === 'POST') {
      return (
        overrides.subscribe?.() ??
        jsonResponse({
          success: true,
          subscription: { planName: 'Silver', subscriptionId: 'I-APPROVED1', status: 'ACTIVE', createdAt: '2026-11-21T00:00:00Z' },
          groupId: 6,
          limits: { postLimit: 500, mediaLimit: 4096, editTimeout: 30, priorityBoost: true },
        })
      );
    }
    if (url.startsWith('/api/boost/quota/')) return jsonResponse({ allowed: 1, used: 0, remaining: 1, periodEnd: '2026-12-01T00:00:00Z' });
    return jsonResponse({}, 404);
  });
}

const card = (name: string) => within(screen.getByRole('article', { name }));
/** Subscribe is enabled once the public config (PayPal client id) has loaded. */
const subscribeButton = async () => {
  const button = screen.getByRole('button', { name: 'Subscribe' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
};

describe('Cloud 9 plans', () => {
  beforeEach(() => {
    clearPublicConfigCache();
    setSession(testUser({ group_id: 5 }));
  });

  it('shows plans 5–9 with fees, annual prices and a choice only for paid plans on sale, and Coming Soon for Platinum and Diamond', async () => {
    serve();
    setSession(testUser({ group_id: 6 }));
    renderAt(<Cloud9Page />, '/cloud9');
    const names = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(names).toEqual(['Basic', 'Silver', 'Gold', 'Platinum', 'Diamond', 'Checkout']);
    expect(card('Silver').getByText('$4.99')).toBeInTheDocument();
    expect(card('Silver').getByText(/\$54\.89 \/ year/)).toBeInTheDocument();
    expect(card('Silver').getByText('Your plan')).toBeInTheDocument();
    expect(card('Silver').getByText('500 characters per post')).toBeInTheDocument();
    expect(card('Silver').getByText('1 boost a month')).toBeInTheDocument();
    expect(card('Basic').queryByText(/\/ year/)).not.toBeInTheDocument();
    expect(card('Basic').queryByRole('button')).not.toBeInTheDocument();
    for (const name of ['Platinum', 'Diamond']) expect(card(name).getByText('Coming Soon')).toBeInTheDocument();
    for (const name of ['Silver', 'Gold']) expect(card(name).queryByText('Coming Soon')).not.toBeInTheDocument();
    for (const name of ['Silver', 'Gold']) expect(card(name).getByRole('button', { name: `Choose ${name}` })).toBeEnabled();
  });

  it('search filters the plans and says "No results found." when none match', async () => {
    serve();
    const user = userEvent.setup();
    renderAt(<Cloud9Page />, '/cloud9');
    await user.type(screen.getByPlaceholderText('Search plans...'), 'diamond');
    expect(screen.getByRole('article', { name: 'Diamond' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Silver' })).not.toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Search plans...'), 'zzz');
    expect(screen.getByText(MESSAGES.empty.noResults)).toBeInTheDocument();
  });

  it('Subscribe without a plan says "Please select a plan to subscribe."', async () => {
    serve();
    const user = userEvent.setup();
    renderAt(<Cloud9Page />, '/cloud9');
    await user.click(await subscribeButton());
    expect(alertTexts()).toContain(MESSAGES.payment.selectPlan);
    expect(screen.queryByTestId('paypal')).not.toBeInTheDocument();
  });

  it('Coming Soon plans cannot be chosen: no choice button, their message instead, and Checkout never prices them', async () => {
    serve();
    renderAt(<Cloud9Page />, '/cloud9');
    for (const name of ['Platinum', 'Diamond']) {
      await waitFor(() => expect(card(name).getByText('Coming Soon')).toBeInTheDocument());
      expect(card(name).queryByRole('button')).not.toBeInTheDocument();
      expect(card(name).getByText(MESSAGES.payment.comingSoon(name))).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Checkout' })).not.toHaveTextContent(/Platinum|Diamond/);
    expect(card('Silver').getByRole('button', { name: 'Choose Silver' })).toBeInTheDocument();
  });

  it('without PayPal settings, Subscribe says payments are not configured', async () => {
    serve({ config: { paypalClientId: null } });
    const user = userEvent.setup();
    renderAt(<Cloud9Page />, '/cloud9');
    await user.click(await screen.findByRole('button', { name: 'Choose Silver' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Silver selected' })).toHaveAttribute('aria-pressed', 'true'));
    await user.click(await subscribeButton());
    expect(alertTexts()).toContain(MESSAGES.payment.notConfigured);
    expect(screen.queryByTestId('paypal')).not.toBeInTheDocument();
  });

  it('choose Silver → Subscribe → PayPal approves → the server verifies; the alert shows the id and the new limits apply at once', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAt(<Cloud9Page />, '/cloud9');
    await user.click(screen.getByRole('button', { name: 'Choose Silver' }));
    await user.click(await subscribeButton());
    const paypal = await screen.findByTestId('paypal');
    expect(paypal).toHaveAttribute('data-plan', 'P-SILVER');

    await user.click(screen.getByRole('button', { name: 'Approve in PayPal' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.payment.subscribed('I-APPROVED1', 'Silver', 500)));
    const post = calls.find((c) => c.url === '/api/subscriptions');
    expect(JSON.parse(String(post?.init.body))).toEqual({ subscriptionId: 'I-APPROVED1', groupId: 6 });
    expect(useSessionStore.getState().currentUser?.group_id).toBe(6);
    expect(useSessionStore.getState().groupLimits?.postLimit).toBe(500);
    expect(JSON.parse(localStorage.getItem('groupLimits') ?? '{}').postLimit).toBe(500);
    expect(screen.getByText(/You are on Cloud 9 Silver/)).toBeInTheDocument();
  });

  it('a subscription PayPal approved but has not made ACTIVE is shown as pending: no welcome, the plan and limits stay', async () => {
    serve({
      subscribe: () =>
        jsonResponse({
          success: true,
          subscription: { planName: 'Silver', subscriptionId: 'I-APPROVED1', status: 'APPROVED', createdAt: '2026-11-21T00:00:00Z' },
          groupId: 5,
          limits: { postLimit: 300, mediaLimit: 2048, editTimeout: 0, priorityBoost: false },
        }),
    });
    const user = userEvent.setup();
    renderAt(<Cloud9Page />, '/cloud9');
    await user.click(screen.getByRole('button', { name: 'Choose Silver' }));
    await user.click(await subscribeButton());
    await user.click(await screen.findByRole('button', { name: 'Approve in PayPal' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.payment.subscriptionPending('I-APPROVED1', 'Silver')));
    expect(alertTexts()).not.toContain(MESSAGES.payment.subscribed('I-APPROVED1', 'Silver', 500));
    expect(screen.getByText(/Cloud 9 Silver is pending/)).toBeInTheDocument();
    expect(screen.queryByText(/You are on Cloud 9 Silver/)).not.toBeInTheDocument();
    expect(useSessionStore.getState().currentUser?.group_id).toBe(5);
  });

  it('a subscription the server refuses alerts its message and changes nothing', async () => {
    serve({ subscribe: () => jsonResponse({ success: false, error: MESSAGES.payment.planMismatch, statusCode: 400 }, 400) });
    const user = userEvent.setup();
    renderAt(<Cloud9Page />, '/cloud9');
    await user.click(screen.getByRole('button', { name: 'Choose Gold' }));
    await user.click(await subscribeButton());
    await user.click(await screen.findByRole('button', { name: 'Approve in PayPal' }));
    await waitFor(() => expect(alertTexts()).toContain(MESSAGES.payment.planMismatch));
    expect(useSessionStore.getState().currentUser?.group_id).toBe(5);
    expect(screen.getByTestId('paypal')).toBeInTheDocument();
  });

  it('a PayPal error alerts "An error occurred with PayPal."', async () => {
    serve();
    const user = userEvent.setup();
    renderAt(<Cloud9Page />, '/cloud9');
    await user.click(screen.getByRole('button', { name: 'Choose Silver' }));
    await user.click(await subscribeButton());
    await user.click(await screen.findByRole('button', { name: 'Fail in PayPal' }));
    expect(alertTexts()).toContain(MESSAGES.payment.paypalError);
  });
});
