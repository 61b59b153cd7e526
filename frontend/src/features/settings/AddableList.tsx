import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState } from '../../components/ui/EmptyState';
import { Spinner } from '../../components/ui/Spinner';

interface AddFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  submitLabel: string;
  busy: boolean;
  /** The refusal shown under the field (and announced), or null. */
  error: string | null;
  onSubmit: (event: FormEvent) => void;
  placeholder?: string;
  maxLength?: number;
}

/**
 * The text being added and its refusal: editing the text clears the refusal. `field` is what AddField
 * takes for them.
 */
export function useAddDraft() {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onChange = (value: string) => {
    setDraft(value);
    setError(null);
  };
  return { draft, setDraft, error, setError, field: { value: draft, onChange, error } };
}

/** A one-field form that adds an item to the list under it: the label, the field and its button, the refusal. */
export function AddField({ label, value, onChange, submitLabel, busy, error, onSubmit, placeholder, maxLength }: AddFieldProps) {
  const fieldId = useId();
  return (
    <form className="settings-word-form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={fieldId}>{label}</label>
        <div className="settings-word-row">
          <input
            id={fieldId}
            type="text"
            value={value}
            placeholder={placeholder}
            maxLength={maxLength}
            autoComplete="off"
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
          />
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {submitLabel}
          </button>
        </div>
        {error && (
          <p id={`${fieldId}-error`} className="settings-field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </form>
  );
}

interface ListStatesProps<T> {
  query: UseQueryResult<T[]>;
  failedMessage: string;
  emptyMessage: string;
  /** The list, when it has items. */
  children: (items: T[]) => ReactNode;
}

/** A list read once (not paged) in its states: loading, failed with a retry, empty, or its items. */
export function ListStates<T>({ query, failedMessage, emptyMessage, children }: ListStatesProps<T>) {
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <EmptyState message={failedMessage}>
        <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </EmptyState>
    );
  }
  return query.data.length === 0 ? <p className="hint">{emptyMessage}</p> : children(query.data);
}

interface SettingsRowProps {
  /** Who or what the row is about, at its start. */
  children: ReactNode;
  /** The button's text ("Remove", "Unmute"...). */
  action: string;
  /** The button's accessible name: the action and the item it acts on. */
  actionName: string;
  onAction: (button: HTMLButtonElement) => void;
  disabled?: boolean;
}

/** One row of a Settings list: the item, then its one action at the end. */
export function SettingsRow({ children, action, actionName, onAction, disabled }: SettingsRowProps) {
  return (
    <div className="settings-row">
      {children}
      <button type="button" className="btn btn-ghost settings-row-action" aria-label={actionName} onClick={(e) => onAction(e.currentTarget)} disabled={disabled}>
        {action}
      </button>
    </div>
  );
}

interface SettingsRowsProps<T> {
  label: string;
  items: T[];
  keyOf: (item: T) => string | number;
  children: (item: T) => ReactNode;
}

/** A Settings list read whole (passkeys, muted words): its items, one row each. */
export function SettingsRows<T>({ label, items, keyOf, children }: SettingsRowsProps<T>) {
  return (
    <ul className="settings-rows" aria-label={label}>
      {items.map((item) => (
        <li key={keyOf(item)}>{children(item)}</li>
      ))}
    </ul>
  );
}
