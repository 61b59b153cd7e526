import { useRef, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SAFETY_MESSAGES, SAFETY_RULES, SAFETY_UI_MESSAGES, normalizeMutedWord, type HiddenAccount } from '@cloud9/contracts';
import { errorMessage } from '../../api/client';
import { notify } from '../../components/notify';
import { useSafetyActions } from '../../components/safety/useSafetyActions';
import { Avatar } from '../../components/ui/Avatar';
import { PagedList } from '../../components/ui/PagedList';
import { AddField, ListStates, SettingsRow, SettingsRows, useAddDraft } from './AddableList';
import { dropHiddenAccount, safetyKeys, useAddMutedWord, useHiddenAccounts, useMutedWords, useRemoveMutedWord, type HideKind } from '../../queries/safety';

const WORDS = {
  mute: { list: SAFETY_UI_MESSAGES.mutedAccountsTitle, empty: SAFETY_UI_MESSAGES.noMutedAccounts, action: 'Unmute' },
  block: { list: SAFETY_UI_MESSAGES.blockedAccountsTitle, empty: SAFETY_UI_MESSAGES.noBlockedAccounts, action: 'Unblock' },
};

/**
 * After a row's button took its row away, the focus goes to the next row's button (or the one
 * before it), else to the section, so it is never lost on the page's body.
 */
function moveFocusFrom(button: HTMLElement, section: HTMLElement | null) {
  const buttons = Array.from(section?.querySelectorAll<HTMLButtonElement>('.settings-row-action') ?? []);
  const index = buttons.indexOf(button as HTMLButtonElement);
  const next = buttons[index + 1] ?? buttons[index - 1];
  (next ?? section)?.focus();
}

/** Muted or blocked accounts, newest first, keyset-paged as the member scrolls; each leaves the list at once when undone. */
export function HiddenAccountsList({ kind }: { kind: HideKind }) {
  const queryClient = useQueryClient();
  const query = useHiddenAccounts(kind);
  const safety = useSafetyActions();
  const section = useRef<HTMLDivElement>(null);
  const words = WORDS[kind];

  const undo = async (account: HiddenAccount, button: HTMLElement) => {
    moveFocusFrom(button, section.current);
    dropHiddenAccount(queryClient, kind, account.id);
    // A refusal puts the row back: the list is read again.
    if (!(await safety.unhide(kind, account))) void queryClient.invalidateQueries({ queryKey: kind === 'mute' ? safetyKeys.mutes() : safetyKeys.blocks() });
  };

  return (
    <div ref={section} tabIndex={-1} className="settings-hidden">
      <PagedList
        query={query}
        label={words.list}
        emptyMessage={words.empty}
        errorMessage={SAFETY_UI_MESSAGES.listFailed}
        className="settings-rows"
        moreLabel={SAFETY_UI_MESSAGES.loadMore}
        renderItem={(account) => (
          <SettingsRow action={words.action} actionName={`${words.action} @${account.username}`} onAction={(button) => void undo(account, button)}>
            <Avatar path={account.thumbnail} size={40} />
            <span className="settings-row-who">
              {account.name && <span className="settings-row-name">{account.name}</span>}
              <span className="settings-row-handle">@{account.username}</span>
            </span>
          </SettingsRow>
        )}
      />
    </div>
  );
}

/** Words and phrases the member mutes: add one (checked as the server checks it), remove any. */
export function MutedWordsForm() {
  const { draft, setDraft, setError, field } = useAddDraft();
  const words = useMutedWords();
  const add = useAddMutedWord();
  const remove = useRemoveMutedWord();
  const section = useRef<HTMLDivElement>(null);
  const items = words.data ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const word = normalizeMutedWord(draft);
    if (!word) {
      setError(SAFETY_MESSAGES.mutedWordInvalid);
      return;
    }
    const known = items.some((w) => w.word.toLowerCase() === word.toLowerCase());
    if (!known && items.length >= SAFETY_RULES.mutedWordsMax) {
      setError(SAFETY_MESSAGES.tooManyMutedWords);
      return;
    }
    setError(null);
    try {
      await add.mutateAsync(word);
      setDraft('');
    } catch (err) {
      setError(errorMessage(err, SAFETY_UI_MESSAGES.actionFailed));
    }
  };

  const drop = (id: number, button: HTMLElement) => {
    moveFocusFrom(button, section.current);
    remove.mutate(id, { onError: (err) => notify(errorMessage(err, SAFETY_UI_MESSAGES.actionFailed), 'error') });
  };

  return (
    <div ref={section} tabIndex={-1} className="settings-hidden">
      <AddField
        {...field}
        label={SAFETY_UI_MESSAGES.mutedWordLabel}
        submitLabel={SAFETY_UI_MESSAGES.addMutedWord}
        busy={add.isPending}
        onSubmit={submit}
      />
      <ListStates query={words} failedMessage={SAFETY_UI_MESSAGES.listFailed} emptyMessage={SAFETY_UI_MESSAGES.noMutedWords}>
        {(listed) => (
          <SettingsRows label={SAFETY_UI_MESSAGES.mutedWordsTitle} items={listed} keyOf={(w) => w.id}>
            {(w) => (
              <SettingsRow action="Remove" actionName={`Remove ${w.word}`} onAction={(button) => drop(w.id, button)}>
                <span className="settings-row-who settings-row-word">{w.word}</span>
              </SettingsRow>
            )}
          </SettingsRows>
        )}
      </ListStates>
    </div>
  );
}
