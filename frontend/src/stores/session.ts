import { create } from 'zustand';
import { STORAGE_KEYS, type CurrentUser, type GroupLimits } from '@cloud9/contracts';

/**
 * The signed-in user and the limits of their group. The spec keeps both in localStorage under
 * fixed keys as plain JSON, so we mirror by hand rather than use zustand/persist (which wraps
 * the value in {state, version}).
 */
/** Whether this visit has the group's limits: pending (not yet), ready, or failed (composers use 500). */
export type LimitsStatus = 'pending' | 'ready' | 'failed';

interface SessionState {
  currentUser: CurrentUser | null;
  groupLimits: GroupLimits | null;
  limitsStatus: LimitsStatus;
  setCurrentUser: (user: CurrentUser) => void;
  setGroupLimits: (limits: GroupLimits | null) => void;
  setLimitsFailed: () => void;
  clearSession: () => void;
}

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    // Corrupt or foreign data is treated as absent rather than crashing the app.
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage can be full or disabled (private mode); the in-memory session still works.
  }
}

function readStoredUser(): CurrentUser | null {
  const user = readJson<CurrentUser>(STORAGE_KEYS.currentUser);
  return user && typeof user === 'object' && typeof user.username === 'string' ? user : null;
}

const readStoredLimits = () => readJson<GroupLimits>(STORAGE_KEYS.groupLimits);

export const useSessionStore = create<SessionState>()((set) => ({
  currentUser: readStoredUser(),
  groupLimits: readStoredLimits(),
  limitsStatus: readStoredLimits() ? 'ready' : 'pending',
  setCurrentUser: (user) => {
    writeJson(STORAGE_KEYS.currentUser, user);
    set({ currentUser: user });
  },
  setGroupLimits: (limits) => {
    writeJson(STORAGE_KEYS.groupLimits, limits);
    set({ groupLimits: limits, limitsStatus: limits ? 'ready' : 'pending' });
  },
  setLimitsFailed: () => set({ limitsStatus: 'failed' }),
  clearSession: () => {
    writeJson(STORAGE_KEYS.currentUser, null);
    writeJson(STORAGE_KEYS.groupLimits, null);
    set({ currentUser: null, groupLimits: null, limitsStatus: 'pending' });
  },
}));

/** Re-reads localStorage into the store (app start, tests, another tab signing out). */
export function hydrateSessionFromStorage(): void {
  const groupLimits = readStoredLimits();
  useSessionStore.setState({ currentUser: readStoredUser(), groupLimits, limitsStatus: groupLimits ? 'ready' : 'pending' });
}

export const selectCurrentUser = (s: SessionState) => s.currentUser;
export const selectIsSignedIn = (s: SessionState) => s.currentUser !== null;
