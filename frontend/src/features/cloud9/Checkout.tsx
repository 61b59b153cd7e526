import { Suspense, useEffect, useRef } from 'react';
import { MESSAGES, type GroupPlan } from '@cloud9/contracts';
import { notify, toast } from '../../components/notify';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary';
import { Spinner } from '../../components/ui/Spinner';
import type { LoadedPublicConfig } from '../../queries/config';
import { lazyWithTimeout } from '../../lib/lazyWithTimeout';
import { formatUsd } from './planFormat';
import type { PayPalSubscribeButtonProps } from './PayPalSubscribeButton';
import { useSubscribe } from './useSubscribe';

const PayPalSubscribeButton = lazyWithTimeout<PayPalSubscribeButtonProps>(() =>
  import('./PayPalSubscribeButton').then((m) => m.PayPalSubscribeButton),
);

interface CheckoutProps {
  plan: GroupPlan | null;
  config: LoadedPublicConfig;
}

/** Subscription: plan selected → Subscribe → PayPal's button → approval → alert with the id. */
export function Checkout({ plan, config }: CheckoutProps) {
  const { step, setStep, approve } = useSubscribe();
  const sectionRef = useRef<HTMLElement>(null);

  // A new choice brings Checkout into view (it sits below the grid, off screen on phones).
  useEffect(() => {
    if (!plan) return;
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    sectionRef.current?.scrollIntoView?.({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
  }, [plan]);

  const start = () => {
    if (!plan) return notify(MESSAGES.payment.selectPlan);
    if (!config.paypalClientId || !plan.paypalPlanId) return notify(MESSAGES.payment.notConfigured, 'error');
    setStep('paypal');
  };

  const paying = plan && step !== 'choose' && config.paypalClientId && plan.paypalPlanId;
  return (
    <section ref={sectionRef} className="checkout card" aria-labelledby="checkout-title">
      <h2 id="checkout-title" className="checkout-title">
        Checkout
      </h2>
      <p className="checkout-summary" aria-live="polite">
        {plan ? (
          <>
            <strong>{plan.name}</strong> — {formatUsd(plan.subscriptionFee)} a month, billed by PayPal. Cancel any time.
          </>
        ) : (
          'Choose a plan above, then subscribe.'
        )}
      </p>
      {step === 'done' ? (
        <p className="checkout-done" role="status">
          🏆 You are on Cloud 9 {plan?.name}. Your new limits apply now.
        </p>
      ) : step === 'pending' ? (
        <p className="checkout-done" role="status">
          ⏳ Cloud 9 {plan?.name} is pending: it starts as soon as PayPal confirms the payment.
        </p>
      ) : paying ? (
        <div className="checkout-paypal">
          {step === 'verifying' && <Spinner label="Confirming your subscription with PayPal…" />}
          {/* PayPal's SDK is third-party code: if it breaks, say so here and keep the page. */}
          <ErrorBoundary fallback={<p role="alert">{MESSAGES.payment.paypalError}</p>}>
            <Suspense fallback={<Spinner label="Loading PayPal…" />}>
              <PayPalSubscribeButton
                key={plan.id}
                clientId={config.paypalClientId!}
                sdkUrl={config.paypalSdkUrl}
                planId={plan.paypalPlanId!}
                onApproved={(id) => void approve(plan, id)}
                onError={() => notify(MESSAGES.payment.paypalError, 'error')}
                onCancel={() => toast(MESSAGES.payment.checkoutCancelled)}
              />
            </Suspense>
          </ErrorBoundary>
          <button type="button" className="btn btn-ghost" onClick={() => setStep('choose')}>
            Back
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-gold checkout-subscribe" onClick={start} disabled={!config.loaded}>
          Subscribe
        </button>
      )}
    </section>
  );
}
