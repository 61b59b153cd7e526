import { persisted } from './persisted';
import { testUser } from '../test/utils';

const limits = { postLimit: 500, mediaLimit: 4096, editTimeout: 30, priorityBoost: true };

describe('persisted state', () => {
  it('stores each key under its fixed name, as plain JSON or text, and reads it back', () => {
    const user = testUser();
    persisted.currentUser.set(user);
    persisted.groupLimits.set(limits);
    persisted.selectedCategory.set('Travel');
    persisted.lastSeenUserAlerts(7).set('2025-06-01T10:00:00.000Z');
    expect(JSON.parse(localStorage.getItem('currentUser') ?? 'null')).toEqual(user);
    expect(JSON.parse(localStorage.getItem('groupLimits') ?? 'null')).toEqual(limits);
    expect(localStorage.getItem('selectedCategory')).toBe('Travel');
    expect(localStorage.getItem('lastSeenUserAlerts_7')).toBe('2025-06-01T10:00:00.000Z');
    expect(persisted.currentUser.get()).toEqual(user);
    expect(persisted.groupLimits.get()).toEqual(limits);
    expect(persisted.selectedCategory.get()).toBe('Travel');
    persisted.currentUser.remove();
    expect(localStorage.getItem('currentUser')).toBeNull();
    expect(persisted.currentUser.get()).toBeNull();
  });

  it('reads garbage as absent: broken JSON, the wrong shape, an unknown feed', () => {
    localStorage.setItem('currentUser', '{not json');
    expect(persisted.currentUser.get()).toBeNull();
    localStorage.setItem('currentUser', JSON.stringify({ name: 'no username' }));
    expect(persisted.currentUser.get()).toBeNull();
    localStorage.setItem('currentUser', '"just a string"');
    expect(persisted.currentUser.get()).toBeNull();
    localStorage.setItem('groupLimits', JSON.stringify([1, 2]));
    expect(persisted.groupLimits.get()).toBeNull();
    localStorage.setItem('selectedCategory', 'Not a feed');
    expect(persisted.selectedCategory.get()).toBeNull();
  });

  it('without storage at all, reads nothing and keeps what it is given for the visit', () => {
    vi.stubGlobal('localStorage', undefined);
    expect(persisted.currentUser.get()).toBeNull();
    expect(() => persisted.selectedCategory.set('News')).not.toThrow();
    expect(persisted.selectedCategory.get()).toBe('News');
    persisted.selectedCategory.remove();
    expect(persisted.selectedCategory.get()).toBeNull();
  });

  it('when storage throws (disabled, full), never throws itself and keeps the value in memory', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(persisted.latestUserAlert.get()).toBeNull();
    expect(() => persisted.latestUserAlert.set('2025-06-01T10:00:00.000Z')).not.toThrow();
    expect(persisted.latestUserAlert.get()).toBe('2025-06-01T10:00:00.000Z');
    expect(() => persisted.latestUserAlert.remove()).not.toThrow();
    expect(persisted.latestUserAlert.get()).toBeNull();
  });

  it('once storage takes a write again, it is the one read', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementationOnce(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    persisted.latestSystemNotice.set('2025-06-01T10:00:00.000Z');
    expect(localStorage.getItem('latestSystemNotice')).toBeNull();
    expect(persisted.latestSystemNotice.get()).toBe('2025-06-01T10:00:00.000Z');
    persisted.latestSystemNotice.set('2025-06-01T11:00:00.000Z');
    expect(localStorage.getItem('latestSystemNotice')).toBe('2025-06-01T11:00:00.000Z');
    localStorage.setItem('latestSystemNotice', '2025-06-01T12:00:00.000Z');
    expect(persisted.latestSystemNotice.get()).toBe('2025-06-01T12:00:00.000Z');
  });

  it('tells subscribers of every set and remove of their key only', () => {
    const heard = vi.fn();
    const unsubscribe = persisted.selectedCategory.subscribe(heard);
    persisted.selectedCategory.set('Health');
    persisted.selectedCategory.remove();
    persisted.currentUser.set(testUser());
    expect(heard).toHaveBeenCalledTimes(2);
    unsubscribe();
    persisted.selectedCategory.set('News');
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
