import { LIMITS, type CurrentUser, type GroupLimits, type GroupPlan } from '@cloud9/contracts';
import { fetchMe, logout } from '../api/auth';
import { fetchGroupPlan } from '../api/plans';
import { useSessionStore } from './session';
import { afterDelayWhenIdle } from '../lib/idle';
import { persisted } from '../lib/persisted';

/** Only the limits the client uses are kept (groupLimits). */
function toGroupLimits(plan: GroupPlan): GroupLimits {
  return {
    postLimit: plan.postLimit,
    mediaLimit: plan.mediaLimit,
    editTimeout: plan.editTimeout,
    priorityBoost: plan.priorityBoost,
  };
}

let inFlight: { groupId: number; promise: Promise<void> } | null = null;

/** Whether `groupId` is still the signed-in user's group (an answer for an older one is stale). */
const isCurrentGroup = (groupId: number) => useSessionStore.getState().currentUser?.group_id === groupId;

/**
 * Loads the user's group limits; on failure the old limits stay and composers fall back to 500.
 * An answer that arrives after the account moved to another group (a push, a subscription) is dropped.
 */
export function loadGroupLimits(groupId: number): Promise<void> {
  // Two composers mounting at once (or start-up plus a composer) share one request.
  if (inFlight?.groupId === groupId) return inFlight.promise;
  const promise = fetchGroupPlan(groupId)
    .then((plan) => {
      if (isCurrentGroup(groupId)) useSessionStore.getState().setGroupLimits(toGroupLimits(plan));
    })
    .catch(() => {
      // Non-fatal: effectivePostLimit() in contracts supplies the fallback (500).
      useSessionStore.getState().setLimitsFailed();
    })
    .finally(() => {
      if (inFlight?.promise === promise) inFlight = null;
    });
  inFlight = { groupId, promise };
  return promise;
}

/**
 * The server moved the account to another group (a subscription began or ended, an admin changed
 * it): the stored user and limits follow at once, as if the user had signed in again. `limits` are
 * the new group's when the caller has them (the subscribe answer); otherwise they are fetched.
 */
export function applyGroupChange(groupId: number, limits?: GroupLimits): void {
  const { currentUser, limitsStatus, setCurrentUser, setGroupLimits } = useSessionStore.getState();
  if (!currentUser || (currentUser.group_id === groupId && limitsStatus === 'ready' && !limits)) return;
  // The boost quota's key names the group, so Boost buttons ask for the new plan's quota.
  if (currentUser.group_id !== groupId) setCurrentUser({ ...currentUser, group_id: groupId });
  if (limits) setGroupLimits(limits);
  else void loadGroupLimits(groupId);
}

/**
 * The server's word on the stored user (GET /api/me), with the user stored when asked; null when no
 * user is stored, or when this visit signed out (or in as someone else) while the answer was on its
 * way. A 401 clears the session in the API client; other failures throw.
 */
async function confirmedUser(): Promise<{ stored: CurrentUser; user: CurrentUser } | null> {
  const stored = useSessionStore.getState().currentUser;
  if (!stored) return null;
  const user = await fetchMe();
  if (useSessionStore.getState().currentUser?.id !== stored.id) return null;
  // The account's theme follows the member to this browser: stored for the next first paint, and drawn
  // by the signed-in shell's theme sync (stores/theme.ts).
  if (user.theme) persisted.theme.set(user.theme);
  return { stored, user };
}

/**
 * Reads the account's group from the server and follows it if it moved: for when a push that
 * said so may have been missed (the socket was closed, or not yet open).
 */
export async function confirmGroup(): Promise<void> {
  try {
    const confirmed = await confirmedUser();
    if (confirmed) applyGroupChange(confirmed.user.group_id);
  } catch {
    // A 401 signs out in the API client; otherwise the next connect tries again.
  }
}

/**
 * Stores the signed-in user and reads its group's limits behind it: the caller opens Home at once.
 * Waiting for the limits first let the redirect made on their arrival undo a link followed meanwhile.
 */
export function signIn(user: CurrentUser): void {
  useSessionStore.getState().setCurrentUser(user);
  void loadGroupLimits(user.group_id);
}

/** Ends the server session too, but the local sign-out must happen even if the server is away. */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // Already signed out on the server, or offline: clearing locally is what matters.
  }
  useSessionStore.getState().clearSession();
}

/**
 * Confirms a stored user with GET /api/me; a 401 clears it (in the API client). The group's limits
 * are read again too: at once for a new group or none stored, otherwise after the first screen
 * (LIMITS.afterFirstScreenMs), as the composers already have the stored ones.
 */
export async function refreshSession(): Promise<void> {
  try {
    const confirmed = await confirmedUser();
    if (!confirmed) return;
    const { stored, user } = confirmed;
    useSessionStore.getState().setCurrentUser(user);
    if (user.group_id === stored.group_id && useSessionStore.getState().limitsStatus === 'ready') {
      afterDelayWhenIdle(() => {
        if (isCurrentGroup(user.group_id)) void loadGroupLimits(user.group_id);
      }, LIMITS.afterFirstScreenMs);
    } else {
      await loadGroupLimits(user.group_id);
    }
  } catch {
    // 401 already cleared the session; a network error keeps the stored user (storage decides).
  }
}

let refreshed = false;

/** App start calls this; StrictMode or HMR re-running it must not hit /api/me twice. */
export function refreshSessionOnce(): Promise<void> {
  if (refreshed) return Promise.resolve();
  refreshed = true;
  return refreshSession();
}
