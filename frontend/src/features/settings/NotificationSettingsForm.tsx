import { MESSAGES, PUSH_TYPES, PUSH_UI_MESSAGES, type AlertType, type PushType } from '@cloud9/contracts';
import { notify } from '../../components/notify';
import { Spinner } from '../../components/ui/Spinner';
import { useNotificationSettings, useSaveNotificationSetting } from './queries';

/** The switches in the catalogue's order (its labels live in the catalogue chunk, not the first load). */
const TYPES = Object.keys(MESSAGES.notificationSettings.labels) as AlertType[];

/**
 * Five switches, one per alert type, saved to the server as they are flipped (shown at once, put
 * back when the save fails). A type that is off is neither stored nor sent by the server. Below them,
 * the push switches: which types (staff notices too) may also reach the member's devices as pushes.
 */
export function NotificationSettingsForm({ userId }: { userId: number }) {
  const settings = useNotificationSettings(userId);
  const save = useSaveNotificationSetting(userId);

  const flip = (type: AlertType, on: boolean) =>
    save.mutate({ [type]: on }, { onError: () => notify(MESSAGES.notificationSettings.saveFailed, 'error') });
  const flipPush = (type: PushType, on: boolean) =>
    save.mutate({ push: { [type]: on } }, { onError: () => notify(MESSAGES.notificationSettings.saveFailed, 'error') });

  return (
    <>
      <p className="hint">{MESSAGES.notificationSettings.intro}</p>
      {settings.data ? (
        <>
          <ul className="settings-switches">
            {TYPES.map((type) => (
              <li key={type}>
                <label className="settings-switch">
                  <span>{MESSAGES.notificationSettings.labels[type]}</span>
                  <input type="checkbox" role="switch" checked={settings.data[type]} onChange={(e) => flip(type, e.target.checked)} />
                </label>
              </li>
            ))}
          </ul>
          <fieldset className="settings-push-switches">
            <legend>{PUSH_UI_MESSAGES.pushLegend}</legend>
            <p className="hint">{PUSH_UI_MESSAGES.pushIntro}</p>
            <ul className="settings-switches">
              {PUSH_TYPES.map((type) => (
                <li key={type}>
                  <label className="settings-switch">
                    <span>{PUSH_UI_MESSAGES.pushLabels[type]}</span>
                    <input type="checkbox" role="switch" checked={settings.data.push[type]} onChange={(e) => flipPush(type, e.target.checked)} />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </>
      ) : settings.isError ? (
        <p role="alert" className="settings-error">
          {MESSAGES.notificationSettings.loadFailed}{' '}
          <button type="button" className="btn btn-ghost" onClick={() => void settings.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <Spinner label="Loading notification settings" />
      )}
    </>
  );
}
