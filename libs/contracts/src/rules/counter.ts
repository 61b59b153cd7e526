import { LIMITS } from '../limits';
import { textLength } from './truncate';

export type CounterTone = 'normal' | 'warning' | 'danger';

export interface CounterState {
  remaining: number;
  /** The 'characters remaining' line shows at 30 or fewer remaining. */
  showRemainingText: boolean;
  /** Red at 10 or fewer remaining. */
  tone: CounterTone;
}

/** The composer's character counter: limit minus length. */
export function counterState(text: string, limit: number): CounterState {
  const remaining = limit - textLength(text);
  const tone: CounterTone =
    remaining <= LIMITS.counterDangerAt ? 'danger' : remaining <= LIMITS.counterWarningAt ? 'warning' : 'normal';
  return { remaining, showRemainingText: remaining <= LIMITS.counterWarningAt, tone };
}

/** An emoji is appended only if the result stays within the limit. */
export function appendWithinLimit(text: string, addition: string, limit: number): string {
  const next = text + addition;
  return textLength(next) <= limit ? next : text;
}

/** The post limit a composer uses: the group's, 500 if it could not load, 300 before it loads. */
export function effectivePostLimit(groupLimit: number | null | undefined, loaded: boolean): number {
  if (!loaded) return LIMITS.initialPostLimit;
  return typeof groupLimit === 'number' && groupLimit > 0 ? groupLimit : LIMITS.defaultPostLimit;
}
