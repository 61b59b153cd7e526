import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { MESSAGES } from '@cloud9/contracts';
import { Spinner } from '../../components/ui/Spinner';

export interface PayPalSubscribeButtonProps {
  clientId: string;
  /** The JS SDK's address (PAYPAL_SDK_URL): PayPal's, or a stand-in in tests. */
  sdkUrl: string;
  /** The PayPal plan the subscription is for (the chosen tier's paypalPlanId). */
  planId: string;
  onApproved: (subscriptionId: string) => void;
  onError: () => void;
  onCancel: () => void;
}

function Buttons({ planId, onApproved, onError, onCancel }: Omit<PayPalSubscribeButtonProps, 'clientId' | 'sdkUrl'>) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isRejected) return <p role="alert">{MESSAGES.payment.paypalError}</p>;
  return (
    <>
      {isPending && <Spinner label="Loading PayPal…" />}
      <PayPalButtons
        style={{ layout: 'vertical', shape: 'pill', color: 'gold', label: 'subscribe' }}
        forceReRender={[planId]}
        createSubscription={(_data, actions) => actions.subscription.create({ plan_id: planId })}
        onApprove={async (data) => {
          if (data.subscriptionID) onApproved(data.subscriptionID);
          else onError();
        }}
        onError={onError}
        onCancel={onCancel}
      />
    </>
  );
}

/**
 * PayPal's subscription button (@paypal/react-paypal-js). Loaded on demand, so the SDK is fetched
 * only once a member asks to subscribe.
 */
export function PayPalSubscribeButton({ clientId, sdkUrl, ...rest }: PayPalSubscribeButtonProps) {
  return (
    <PayPalScriptProvider options={{ clientId, vault: true, intent: 'subscription', sdkBaseUrl: sdkUrl }}>
      <Buttons {...rest} />
    </PayPalScriptProvider>
  );
}
