import type { Invalidation } from './invalidation-bus';

/**
 * What an in-process cache reads of the invalidation bus: whether it may serve entries (`live`) and
 * the changes to apply as they come, from this instance or another. Caches are told; only the
 * subscriber of the domain events (CacheInvalidations) and the session store publish.
 */
export abstract class CacheChanges {
  abstract readonly live: boolean;
  abstract listen(listener: (change: Invalidation) => void): void;
}
