import { create } from 'zustand';
import type { BoostQuota } from '@cloud9/contracts';
import { fetchBoostQuota } from '../api/boosts';

/**
 * The signed-in member's boosts this month, shared by every Boost button on the screen so a feed
 * of own posts asks the server once, and every button shows the same count after a request.
 */
interface BoostQuotaState {
  userId: number | null;
  quota: BoostQuota | null;
  /** Loads once per user; `force` refreshes after a request. */
  load: (userId: number, force?: boolean) => Promise<void>;
}

let inFlight: { userId: number; promise: Promise<void> } | null = null;

export const useBoostQuotaStore = create<BoostQuotaState>()((set, get) => ({
  userId: null,
  quota: null,
  load: (userId, force = false) => {
    if (!force && get().userId === userId && get().quota) return Promise.resolve();
    if (!force && inFlight?.userId === userId) return inFlight.promise;
    const promise = fetchBoostQuota(userId)
      .then((quota) => set({ userId, quota }))
      .catch(() => undefined) // the quota is a hint; the server still decides on each request
      .finally(() => {
        if (inFlight?.promise === promise) inFlight = null;
      });
    inFlight = { userId, promise };
    return promise;
  },
}));
