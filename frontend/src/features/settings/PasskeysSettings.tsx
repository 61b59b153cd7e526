import { useRef, type FormEvent } from 'react';
import { PASSKEY_MESSAGES, PASSKEY_RULES, type PasskeyItem } from '@cloud9/contracts';
import { errorMessage } from '../../api/client';
import { passkeysSupported } from '../../api/passkeys';
import { confirmAction } from '../../components/confirm';
import { notify } from '../../components/notify';
import { ceremonyCancelled } from '../../lib/webauthn';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../../queries/passkeys';
import { AddField, ListStates, SettingsRow, SettingsRows, useAddDraft } from './AddableList';

const DAY = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
const day = (iso: string) => DAY.format(new Date(iso));

const usedLine = (passkey: PasskeyItem) =>
  `${PASSKEY_MESSAGES.createdOn(day(passkey.createdAt))} · ${passkey.lastUsedAt ? PASSKEY_MESSAGES.lastUsedOn(day(passkey.lastUsedAt)) : PASSKEY_MESSAGES.neverUsed}`;

/** The account's passkeys: add one (named, the device asks its owner), remove any. */
export function PasskeysSettings() {
  const { draft: name, setDraft: setName, setError, field } = useAddDraft();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const section = useRef<HTMLDivElement>(null);
  const items = passkeys.data ?? [];

  if (!passkeysSupported()) return <p className="hint">{PASSKEY_MESSAGES.unsupported}</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const trimmed = name.trim();
    if (!trimmed) return setError(PASSKEY_MESSAGES.nameRequired);
    if (trimmed.length > PASSKEY_RULES.nameMax) return setError(PASSKEY_MESSAGES.nameTooLong);
    if (items.length >= PASSKEY_RULES.perAccountMax) return setError(PASSKEY_MESSAGES.tooMany);
    setError(null);
    try {
      await add.mutateAsync(trimmed);
      setName('');
      notify(PASSKEY_MESSAGES.added);
    } catch (err) {
      setError(ceremonyCancelled(err) ? PASSKEY_MESSAGES.cancelled : errorMessage(err, PASSKEY_MESSAGES.failed));
    }
  };

  const drop = async (passkey: PasskeyItem) => {
    if (!(await confirmAction({ message: PASSKEY_MESSAGES.confirmRemove(passkey.name), confirmLabel: 'Remove' }))) return;
    section.current?.focus();
    remove.mutate(passkey.id, {
      onSuccess: () => notify(PASSKEY_MESSAGES.removed),
      onError: (err) => notify(errorMessage(err, PASSKEY_MESSAGES.failed), 'error'),
    });
  };

  return (
    <div ref={section} tabIndex={-1} className="settings-hidden">
      <p className="hint">{PASSKEY_MESSAGES.explain}</p>
      <AddField
        {...field}
        label={PASSKEY_MESSAGES.nameLabel}
        submitLabel={PASSKEY_MESSAGES.add}
        busy={add.isPending}
        onSubmit={submit}
        placeholder={PASSKEY_MESSAGES.namePlaceholder}
        maxLength={PASSKEY_RULES.nameMax}
      />
      <ListStates query={passkeys} failedMessage={PASSKEY_MESSAGES.listFailed} emptyMessage={PASSKEY_MESSAGES.none}>
        {(listed) => (
          <SettingsRows label={PASSKEY_MESSAGES.title} items={listed} keyOf={(passkey) => passkey.id}>
            {(passkey) => (
              <SettingsRow action="Remove" actionName={PASSKEY_MESSAGES.remove(passkey.name)} onAction={() => void drop(passkey)}>
                <span className="settings-row-who">
                  <span className="settings-row-name">{passkey.name}</span>
                  <span className="settings-row-meta">{usedLine(passkey)}</span>
                </span>
              </SettingsRow>
            )}
          </SettingsRows>
        )}
      </ListStates>
    </div>
  );
}
