import { create } from 'zustand';
import { STORAGE_KEYS, type CurrentUser, type GroupLimits } from '@cloud9/contracts';

/**
 * The signed-in user and the limits of their group. The spec keeps both in localStorage under
 * fixed keys as plain JSON, so we mirror by hand rather than use zustand/persist (which wraps
 * the value in {state, version}).
 */
interface SessionState {
  currentUser: CurrentUser | null;
  groupLimits: GroupLimits | null;
  setCurrentUser: (user: CurrentUser) => void;
  setGroupLimits: (limits: GroupLimits | null) => void;
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

export const useSessionStore = create<SessionState>()((set) => ({
  currentUser: readStoredUser(),
  groupLimits: readJson<GroupLimits>(STORAGE_KEYS.groupLimits),
  setCurrentUser: (user) => {
    writeJson(STORAGE_KEYS.currentUser, user);
    set({ currentUser: user });
  },
  setGroupLimits: (limits) => {
    writeJson(STORAGE_KEYS.groupLimits, limits);
    set({ groupLimits: limits });
  },
  clearSession: () => {
    writeJson(STORAGE_KEYS.currentUser, null);
    writeJson(STORAGE_KEYS.groupLimits, null);
    set({ currentUser: null, groupLimits: null });
  },
}));

/** Re-reads localStorage into the store (app start, tests, another tab signing out). */
export function hydrateSessionFromStorage(): void {
  useSessionStore.setState({
    currentUser: readStoredUser(),
    groupLimits: readJson<GroupLimits>(STORAGE_KEYS.groupLimits),
  });
}

export const selectCurrentUser = (s: SessionState) => s.currentUser;
export const selectIsSignedIn = (s: SessionState) => s.currentUser !== null;
