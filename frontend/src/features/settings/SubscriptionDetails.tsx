import { MESSAGES } from '@cloud9/contracts';
import { Spinner } from '../../components/ui/Spinner';
import { useSubscription } from '../../queries/billing';

const date = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
/** PayPal's status in words; APPROVED is not paid yet (the server keeps the plan until PayPal says ACTIVE). */
const statusLabel = (status: string) => (status === 'APPROVED' ? 'Pending' : status.charAt(0) + status.slice(1).toLowerCase());

/** The member's current Cloud 9 subscription (GET /api/get-subscription/:userId), or the text saying there is none. */
export function SubscriptionDetails({ userId }: { userId: number }) {
  const { data: subscription, isPending, isError } = useSubscription(userId);

  if (isPending) return <Spinner label="Loading your subscription…" />;
  // null means none; a failure also leaves the member with nothing to manage here.
  if (isError || !subscription) return <p className="settings-subscription">{MESSAGES.payment.noSubscription}</p>;
  const { planName, subscriptionId, status, createdAt } = subscription;
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
