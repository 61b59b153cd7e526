import { useEffect, useState } from 'react';
import { MESSAGES, type Subscription } from '@cloud9/contracts';
import { fetchSubscription } from '../../api/billing';
import { Spinner } from '../../components/ui/Spinner';

type Loaded = { status: 'loading' } | { status: 'none' } | { status: 'found'; subscription: Subscription };

const date = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const statusLabel = (status: string) => status.charAt(0) + status.slice(1).toLowerCase();

/** The member's current Cloud 9 subscription (GET /api/get-subscription/:userId), or the spec's none text. */
export function SubscriptionDetails({ userId }: { userId: number }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchSubscription(userId, controller.signal)
      .then((subscription) => setLoaded({ status: 'found', subscription }))
      .catch(() => {
        // 404 means none; any other failure also leaves the member with nothing to manage here.
        if (!controller.signal.aborted) setLoaded({ status: 'none' });
      });
    return () => controller.abort();
  }, [userId]);

  if (loaded.status === 'loading') return <Spinner label="Loading your subscription…" />;
  if (loaded.status === 'none') return <p className="settings-subscription">{MESSAGES.payment.noSubscription}</p>;
  const { planName, subscriptionId, status, createdAt } = loaded.subscription;
  return (
    <dl className="settings-subscription-details">
      <dt>Plan</dt>
      <dd>Cloud 9 {planName}</dd>
      <dt>Status</dt>
      <dd>{statusLabel(status)}</dd>
      <dt>Subscription ID</dt>
      <dd>
        <code>{subscriptionId}</code>
      </dd>
      <dt>Since</dt>
      <dd>{date(createdAt)}</dd>
    </dl>
  );
}
