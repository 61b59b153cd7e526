import { appendWithinLimit, counterState, effectivePostLimit } from './counter';

describe('counterState', () => {
  it('is limit minus length, normal with plenty left', () => {
    expect(counterState('hello', 300)).toEqual({ remaining: 295, showRemainingText: false, tone: 'normal' });
  });
  it('shows the remaining line at 30 or fewer (warning)', () => {
    expect(counterState('a'.repeat(269), 300).showRemainingText).toBe(false);
    expect(counterState('a'.repeat(270), 300)).toEqual({ remaining: 30, showRemainingText: true, tone: 'warning' });
  });
  it('turns red at 10 or fewer', () => {
    expect(counterState('a'.repeat(289), 300).tone).toBe('warning');
    expect(counterState('a'.repeat(290), 300).tone).toBe('danger');
  });
  it('goes negative past the limit', () => {
    expect(counterState('a'.repeat(305), 300).remaining).toBe(-5);
  });
});

describe('appendWithinLimit', () => {
  it('appends an emoji that fits', () => {
    expect(appendWithinLimit('hi', '👍', 3)).toBe('hi👍');
  });
  it('refuses an emoji that would pass the limit', () => {
    expect(appendWithinLimit('hi!', '👍', 3)).toBe('hi!');
  });
});

describe('effectivePostLimit', () => {
  it('is 300 before the group loads', () => expect(effectivePostLimit(undefined, false)).toBe(300));
  it('falls back to 500 when the group gave nothing', () => expect(effectivePostLimit(null, true)).toBe(500));
  it('uses the group limit when loaded', () => expect(effectivePostLimit(1000, true)).toBe(1000));
});
