import { create } from 'zustand';
import type { CurrentUser, GroupLimits } from '@cloud9/contracts';
import { onUnauthorized } from '../api/client';
import { persisted } from '../lib/persisted';

/** Whether this visit has the group's limits: pending (not yet), ready, or failed (composers use 500). */
type LimitsStatus = 'pending' | 'ready' | 'failed';

/**
 * The signed-in user and the limits of their group. Both are kept in browser storage under
 * fixed keys as plain JSON, so the store mirrors them by hand (zustand/persist would wrap the value
 * in {state, version}).
 */
interface SessionState {
  currentUser: CurrentUser | null;
  groupLimits: GroupLimits | null;
  limitsStatus: LimitsStatus;
  setCurrentUser: (user: CurrentUser) => void;
  setGroupLimits: (limits: GroupLimits | null) => void;
  setLimitsFailed: () => void;
  clearSession: () => void;
}

/** Same JSON, same value: what the server confirms on every start is usually what storage held. */
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function storedSession(): Pick<SessionState, 'currentUser' | 'groupLimits' | 'limitsStatus'> {
  const groupLimits = persisted.groupLimits.get();
  return { currentUser: persisted.currentUser.get(), groupLimits, limitsStatus: groupLimits ? 'ready' : 'pending' };
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  ...storedSession(),
  // An unchanged user or limits keep their objects, so the start-up check (/api/me) re-renders
  // nothing that reads them: every card and the header would otherwise draw again.
  setCurrentUser: (user) => {
    persisted.currentUser.set(user);
    set((state) => (sameJson(state.currentUser, user) ? state : { currentUser: user }));
  },
  setGroupLimits: (limits) => {
    if (limits) persisted.groupLimits.set(limits);
    else persisted.groupLimits.remove();
    const limitsStatus = limits ? 'ready' : 'pending';
    set((state) => (sameJson(state.groupLimits, limits) && state.limitsStatus === limitsStatus ? state : { groupLimits: limits, limitsStatus }));
  },
  setLimitsFailed: () => set({ limitsStatus: 'failed' }),
  clearSession: () => {
    // What Home last showed stays on the device only while its account is signed in there.
    const signedIn = get().currentUser;
    if (signedIn) persisted.homeFirstPage(signedIn.id).remove();
    persisted.currentUser.remove();
    persisted.groupLimits.remove();
    set({ currentUser: null, groupLimits: null, limitsStatus: 'pending' });
  },
}));

// A 401 from anywhere but the sign-in itself means the server session is gone: so is this one.
onUnauthorized(() => useSessionStore.getState().clearSession());

/** Re-reads browser storage into the store (app start, tests, another tab signing out). */
export function hydrateSessionFromStorage(): void {
  useSessionStore.setState(storedSession());
}

export const selectCurrentUser = (s: SessionState) => s.currentUser;
export const selectIsSignedIn = (s: SessionState) => s.currentUser !== null;
export const selectUserId = (s: SessionState) => s.currentUser?.id ?? null;
