import { DM_ALLOW_FROM, DM_MESSAGES as M, type DmSettings } from '@cloud9/contracts';
import { notify } from '../../components/notify';
import { Spinner } from '../../components/ui/Spinner';
import { useDmSettings, useSaveDmSettings } from './queries';

/** Direct messages: who can message you (a radio group), read receipts and push text (switches), saved as changed. */
export function DmSettingsForm() {
  const settings = useDmSettings();
  const save = useSaveDmSettings();

  if (!settings.data) {
    return settings.isError ? (
      <p role="alert" className="settings-error">
        {M.settingsLoadFailed}{' '}
        <button type="button" className="btn btn-ghost" onClick={() => void settings.refetch()}>
          {M.tryAgain}
        </button>
      </p>
    ) : (
      <Spinner label={M.settingsTitle} />
    );
  }
  const current = settings.data;
  const change = (next: Partial<DmSettings>) => save.mutate({ ...current, ...next }, { onError: () => notify(M.settingsSaveFailed, 'error') });

  return (
    <>
      <p className="hint">{M.settingsIntro}</p>
      <fieldset className="settings-emoji-modes settings-dm-allow">
        <legend>{M.allowFromLabel}</legend>
        {DM_ALLOW_FROM.map((value) => (
          <label key={value}>
            <input type="radio" name="dm-allow-from" value={value} checked={current.allowFrom === value} onChange={() => change({ allowFrom: value })} />
            {M.allowFromChoices[value]}
          </label>
        ))}
      </fieldset>
      <ul className="settings-switches">
        <li>
          <label className="settings-switch">
            <span>{M.readReceiptsLabel}</span>
            <input type="checkbox" role="switch" checked={current.readReceipts} onChange={(e) => change({ readReceipts: e.target.checked })} />
          </label>
        </li>
        <li>
          <label className="settings-switch">
            <span>{M.hidePushTextLabel}</span>
            <input type="checkbox" role="switch" checked={current.hidePushText} onChange={(e) => change({ hidePushText: e.target.checked })} />
          </label>
        </li>
      </ul>
    </>
  );
}
