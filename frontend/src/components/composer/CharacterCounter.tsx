import { counterState } from '@cloud9/contracts';

/**
 * Limit minus length. The 'characters remaining' line appears at 30 or fewer and the
 * counter turns red at 10 or fewer; `data-tone` exposes normal / warning / danger.
 */
export function CharacterCounter({ text, limit }: { text: string; limit: number }) {
  const { remaining, showRemainingText, tone } = counterState(text, limit);
  return (
    <div className={`char-counter char-counter-${tone}`} data-tone={tone} data-testid="char-counter" aria-live="polite">
      {showRemainingText ? (
        <span className="char-counter-text">{remaining} characters remaining</span>
      ) : (
        <span className="char-counter-count" aria-hidden="true" title={`${remaining} characters remaining`}>
          {remaining}
        </span>
      )}
    </div>
  );
}
