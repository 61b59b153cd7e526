import { useId, useState, type FormEvent } from 'react';
import { DM_MESSAGES as M, DM_RULES, LIMITS, type UserSearchResult } from '@cloud9/contracts';
import { Avatar } from '../../components/ui/Avatar';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { displayName } from './names';
import { useMemberSearch } from './queries';

interface MemberPickerProps {
  title: string;
  /** The submit button's label (Start, Add members). */
  submitLabel: string;
  /** Ids that are not offered (the viewer, the members already in). */
  exclude: readonly number[];
  busy: boolean;
  error: string | null;
  onSubmit: (ids: number[]) => void;
  onClose: () => void;
}

/** Choose people by name (the user search): each result adds them to the chosen ones, shown as removable chips. */
export function MemberPicker({ title, submitLabel, exclude, busy, error, onSubmit, onClose }: MemberPickerProps) {
  const formId = useId();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<UserSearchResult[]>([]);
  const [missing, setMissing] = useState(false);
  const name = useDebouncedValue(text.trim().replace(/^@/, ''), LIMITS.homeSearchDebounceMs);
  const search = useMemberSearch(name);
  const results = (search.data ?? []).filter((u) => !exclude.includes(u.id) && !chosen.some((c) => c.id === u.id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (chosen.length === 0) {
      setMissing(true);
      return;
    }
    onSubmit(chosen.map((c) => c.id));
  };

  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {M.cancel}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
            {submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="dm-picker" noValidate>
        {chosen.length > 0 && (
          <ul className="dm-picker-chosen" aria-label={M.chosenPeople}>
            {chosen.map((c) => (
              <li key={c.id}>
                <button type="button" className="dm-chip" aria-label={M.removeChosen(displayName(c))} onClick={() => setChosen((all) => all.filter((x) => x.id !== c.id))}>
                  {displayName(c)} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="field">
          <label htmlFor={`${formId}-search`}>{M.pickMembers}</label>
          <input
            id={`${formId}-search`}
            className="input"
            type="search"
            autoComplete="off"
            placeholder={M.searchPeoplePlaceholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoFocus
          />
        </div>
        {name && search.isFetching && !search.data && <Spinner label={M.searchPeople} />}
        {name && search.data && results.length === 0 && <p className="hint">{M.noPeople}</p>}
        {results.length > 0 && (
          <ul className="dm-picker-results" aria-label={M.searchPeople}>
            {results.map((u) => (
              <li key={u.id}>
                <button
                  type="button"
                  className="dm-picker-result"
                  disabled={chosen.length >= DM_RULES.namedMax}
                  onClick={() => {
                    setChosen((all) => [...all, u]);
                    setMissing(false);
                    setText('');
                  }}
                >
                  <Avatar path={u.thumbnail} size={32} />
                  <span>
                    <span className="dm-picker-name">{displayName(u)}</span> <span className="hint">@{u.username}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {(missing || error) && (
          <p className="dm-error" role="alert">
            {missing ? M.chooseSomeone : error}
          </p>
        )}
      </form>
    </Modal>
  );
}
