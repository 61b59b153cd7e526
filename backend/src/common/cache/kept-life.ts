/**
 * The life of something kept in this process's memory: it ends a fixed time after it was read, and
 * the first request past REFRESH_AFTER of that life reads it again in the background. The requests
 * meanwhile keep being answered from memory, so none waits for the database while the thing stays in
 * use, and none is answered with something older than its life.
 */
export interface KeptLife {
  expiresAt: number;
  refreshAt: number;
}

const REFRESH_AFTER = 0.5;

export const lifeFrom = (readAt: number, lifeMs: number): KeptLife => ({ expiresAt: readAt + lifeMs, refreshAt: readAt + lifeMs * REFRESH_AFTER });

/** Runs `work` for no request: a failed read is the next request's to answer, when it reads again itself. */
export const inBackground = (work: Promise<unknown>): void => void work.catch(() => undefined);

/**
 * Whether `kept` may still be answered. Past its refresh point, `refresh` starts in the background,
 * unless a read of it is already on its way (`reading`).
 */
export function stillKept<T extends KeptLife>(kept: T | undefined, reading: boolean, refresh: () => Promise<unknown>, now = Date.now()): kept is T {
  if (!kept || kept.expiresAt <= now) return false;
  if (kept.refreshAt <= now && !reading) inBackground(refresh());
  return true;
}
