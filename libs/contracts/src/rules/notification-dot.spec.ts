import { shouldShowDot } from './notification-dot';

describe('shouldShowDot', () => {
  it('shows when the newest is later than last seen', () => {
    expect(shouldShowDot('2025-01-02T00:00:00Z', '2025-01-01T00:00:00Z')).toBe(true);
  });
  it('hides when seen after the newest', () => {
    expect(shouldShowDot('2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z')).toBe(false);
    expect(shouldShowDot('2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')).toBe(false);
  });
  it('shows when nothing was seen yet', () => expect(shouldShowDot('2025-01-01T00:00:00Z', null)).toBe(true));
  it('hides when there is nothing or the date is invalid', () => {
    expect(shouldShowDot(null, null)).toBe(false);
    expect(shouldShowDot('not a date', null)).toBe(false);
  });
});
