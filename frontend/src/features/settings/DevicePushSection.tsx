import { useEffect, useState } from 'react';
import { PUSH_UI_MESSAGES as M } from '@cloud9/contracts';
import { errorMessage } from '../../api/client';
import { notify } from '../../components/notify';
import { currentSubscription, devicePermission, sendTestNotification, turnOffPush, turnOnPush, type DevicePermission } from './devicePush';

type Busy = 'on' | 'off' | 'test' | null;

/**
 * "Notifications on this device": the browser's permission, and this device's push subscription, which
 * the member turns on (the browser asks, the subscription goes to the server) or off, and a test push.
 * Which kinds of alert are pushed is the push switches' of the notification settings.
 */
export function DevicePushSection() {
  const [permission, setPermission] = useState<DevicePermission>(devicePermission);
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);

  useEffect(() => {
    let live = true;
    currentSubscription()
      .then((found) => live && setSubscription(found))
      .catch(() => undefined)
      .finally(() => live && setChecked(true));
    return () => {
      live = false;
    };
  }, []);

  const run = async (kind: Exclude<Busy, null>, task: () => Promise<void>, failed: string) => {
    setBusy(kind);
    try {
      await task();
    } catch (err) {
      notify(errorMessage(err, failed), 'error');
    } finally {
      setPermission(devicePermission());
      setBusy(null);
    }
  };

  const turnOn = () =>
    run(
      'on',
      async () => {
        const result = await turnOnPush();
        if (result === 'refused') return notify(M.permissionRefused);
        setSubscription(result);
        notify(M.turnedOn);
      },
      M.turnOnFailed,
    );
  const turnOff = (current: PushSubscription) =>
    run(
      'off',
      async () => {
        await turnOffPush(current);
        setSubscription(null);
        notify(M.turnedOff);
      },
      M.turnOffFailed,
    );
  const test = (current: PushSubscription) =>
    run(
      'test',
      async () => {
        await sendTestNotification(current);
        notify(M.testSent);
      },
      M.testFailed,
    );

  return (
    <div className="device-push">
      <p className="hint">{M.explain}</p>
      <p className="device-push-state" data-permission={permission}>
        {M.permission[permission]}
        {permission === 'granted' && checked && ` ${subscription ? M.subscribed : M.notSubscribed}`}
      </p>
      {checked && (subscription !== null || permission === 'default' || permission === 'granted') && (
        <div className="settings-actions">
          {subscription ? (
            <>
              <button type="button" className="btn btn-primary" disabled={busy !== null} aria-busy={busy === 'test'} onClick={() => void test(subscription)}>
                {M.sendTest}
              </button>
              <button type="button" className="btn btn-ghost" disabled={busy !== null} aria-busy={busy === 'off'} onClick={() => void turnOff(subscription)}>
                {M.turnOff}
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-primary" disabled={busy !== null} aria-busy={busy === 'on'} onClick={() => void turnOn()}>
              {M.turnOn}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
