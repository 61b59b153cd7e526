import { useState } from 'react';
import { MESSAGES, SUBSCRIPTION_PAID_STATUS, type GroupPlan } from '@cloud9/contracts';
import { errorMessage } from '../../api/client';
import { notify } from '../../components/notify';
import { useSubscribeToPlan } from '../../queries/billing';

export type CheckoutStep = 'choose' | 'paypal' | 'verifying' | 'pending' | 'done';

/**
 * Checkout's steps around the subscription: after PayPal approves, the server verifies it and the
 * new plan applies at once, without a reload. A subscription PayPal has approved but not yet made
 * ACTIVE is pending: the server keeps the current plan until PayPal confirms it (then the account's
 * group change reaches this tab by itself).
 */
export function useSubscribe() {
  const [step, setStep] = useState<CheckoutStep>('choose');
  const { mutateAsync } = useSubscribeToPlan();

  const approve = async (plan: GroupPlan, subscriptionId: string) => {
    setStep('verifying');
    try {
      const result = await mutateAsync({ subscriptionId, groupId: plan.id });
      if (result.subscription.status !== SUBSCRIPTION_PAID_STATUS) {
        setStep('pending');
        notify(MESSAGES.payment.subscriptionPending(result.subscription.subscriptionId, plan.name));
        return;
      }
      setStep('done');
      notify(MESSAGES.payment.subscribed(result.subscription.subscriptionId, plan.name, result.limits.postLimit), 'success');
    } catch (err) {
      setStep('paypal');
      notify(errorMessage(err, MESSAGES.payment.paypalError), 'error');
    }
  };

  return { step, setStep, approve };
}
