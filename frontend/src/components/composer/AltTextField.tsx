import { useId } from 'react';
import { ALT_TEXT, ALT_TEXT_MESSAGES, altTextLength, clampToLimit } from '@cloud9/contracts';

/**
 * The field of an upload's description (alt text): label, hint, text box and its counter
 * (x / 1,500, counted like the server counts). Input past the limit is cut there.
 */
export function AltTextField({ alt, onChange }: { alt: string; onChange: (alt: string) => void }) {
  const fieldId = useId();
  const hintId = useId();
  const counterId = useId();
  const length = altTextLength(alt);
  return (
    <div className="field composer-alt-field">
      <label htmlFor={fieldId}>{ALT_TEXT_MESSAGES.fieldLabel}</label>
      <p id={hintId} className="hint">
        {ALT_TEXT_MESSAGES.fieldHint}
      </p>
      <textarea
        id={fieldId}
        value={alt}
        rows={3}
        aria-describedby={`${hintId} ${counterId}`}
        onChange={(e) => onChange(clampToLimit(e.target.value, ALT_TEXT.maxLength))}
      />
      <span id={counterId} className="composer-alt-counter" aria-label={ALT_TEXT_MESSAGES.counterLabel(length)}>
        {ALT_TEXT_MESSAGES.counter(length)}
      </span>
    </div>
  );
}
