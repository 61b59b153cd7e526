import { canEditWithinWindow, editDeadline, editWindowMinutes } from './edit-window';

const created = new Date('2025-01-01T12:00:00Z');
const after = (minutes: number) => new Date(created.getTime() + minutes * 60_000);

describe('edit window (read from the plan table)', () => {
  it('gives the plan minutes', () => {
    expect([5, 6, 7, 8, 9].map(editWindowMinutes)).toEqual([0, 30, 60, 120, 180]);
    expect(editWindowMinutes(2)).toBe(60);
    expect(editWindowMinutes(1)).toBeNull();
  });
  it('Basic can never edit', () => expect(canEditWithinWindow(5, created, after(0))).toBe(false));
  it('Silver edits within 30 minutes and not after', () => {
    expect(canEditWithinWindow(6, created, after(30))).toBe(true);
    expect(canEditWithinWindow(6, created, after(31))).toBe(false);
  });
  it('Diamond edits within 180 minutes', () => {
    expect(canEditWithinWindow(9, created, after(179))).toBe(true);
    expect(canEditWithinWindow(9, created, after(181))).toBe(false);
  });
  it('staff edit within 60 minutes', () => {
    expect(canEditWithinWindow(3, created, after(60))).toBe(true);
    expect(canEditWithinWindow(3, created, after(61))).toBe(false);
  });
  it('admin edits any time', () => expect(canEditWithinWindow(1, created, after(60 * 24 * 365))).toBe(true));
  it('unknown groups cannot edit', () => expect(canEditWithinWindow(42, created, after(1))).toBe(false));
  it('reports the deadline', () => {
    expect(editDeadline(7, created)?.toISOString()).toBe('2025-01-01T13:00:00.000Z');
    expect(editDeadline(1, created)).toBeNull();
    expect(editDeadline(5, created)).toBeNull();
  });
});
