import { useState } from 'react';
import { MESSAGES, type GroupPlan } from '@cloud9/contracts';
import { errorMessage } from '../../api/client';
import { notify } from '../../components/notify';
import { useSubscribeToPlan } from '../../queries/billing';

export type CheckoutStep = 'choose' | 'paypal' | 'verifying' | 'done';

/**
 * Checkout's steps around the subscription: after PayPal approves, the server verifies it and the
 * new plan applies at once, without a reload.
 */
export function useSubscribe() {
  const [step, setStep] = useState<CheckoutStep>('choose');
  const { mutateAsync } = useSubscribeToPlan();

  const approve = async (plan: GroupPlan, subscriptionId: string) => {
    setStep('verifying');
    try {
      const result = await mutateAsync({ subscriptionId, groupId: plan.id });
      setStep('done');
      notify(MESSAGES.payment.subscribed(result.subscription.subscriptionId, plan.name, result.limits.postLimit), 'success');
    } catch (err) {
      setStep('paypal');
      notify(errorMessage(err, MESSAGES.payment.paypalError), 'error');
    }
  };

  return { step, setStep, approve };
}
