import type { InputHTMLAttributes, Ref } from 'react';

interface CheckedFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  ref: Ref<HTMLInputElement>;
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the input and tied to it for screen readers. */
  error?: string;
}

/** A required text input with its label and its validation message. */
export function CheckedField({ ref, id, label, value, onChange, error, ...input }: CheckedFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        ref={ref}
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="admin-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
