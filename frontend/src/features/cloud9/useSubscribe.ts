import { useState } from 'react';
import { MESSAGES, type GroupPlan } from '@cloud9/contracts';
import { errorMessage } from '../../api/client';
import { subscribe } from '../../api/billing';
import { notify } from '../../components/notify';
import { applyGroupChange } from '../../lib/session';

export type CheckoutStep = 'choose' | 'paypal' | 'verifying' | 'done';

/**
 * After PayPal approves, the server verifies the subscription with PayPal and upgrades the
 * account; its answer carries the new group and limits, applied at once (composer counters, boost
 * quota) without a reload.
 */
export function useSubscribe() {
  const [step, setStep] = useState<CheckoutStep>('choose');

  const approve = async (plan: GroupPlan, subscriptionId: string) => {
    setStep('verifying');
    try {
      const result = await subscribe(subscriptionId, plan.id);
      applyGroupChange(result.groupId, result.limits);
      setStep('done');
      notify(MESSAGES.payment.subscribed(result.subscription.subscriptionId, plan.name, result.limits.postLimit), 'success');
    } catch (err) {
      setStep('paypal');
      notify(errorMessage(err, MESSAGES.payment.paypalError), 'error');
    }
  };

  return { step, setStep, approve };
}
