import { CacheChanges } from '../../common/cache/cache-changes';
import type { Invalidation } from '../../common/cache/invalidation-bus';
import type { Settings } from '../../config/settings';
import { DmReadCache } from './dm-read-cache';

/** The bus as the cache reads it: live, and each change handed to its listener at once. */
class Changes extends CacheChanges {
  live = true;
  private listener: (change: Invalidation) => void = () => undefined;
  listen(listener: (change: Invalidation) => void): void {
    this.listener = listener;
  }
  tell(change: Invalidation): void {
    this.listener(change);
  }
}

describe('DmReadCache', () => {
  const page = { viewer: 1, conversation: 7 };
  const list = { viewer: 1, conversation: null };
  let changes: Changes;
  let cache: DmReadCache;
  let reads: number;
  const load = () => Promise.resolve({ read: ++reads });

  beforeEach(() => {
    changes = new Changes();
    cache = new DmReadCache(changes, { feedCacheMs: 60_000 } as Settings);
    reads = 0;
  });

  it('answers a kept read from memory until a change of its conversation, or of its member, drops it', async () => {
    expect(await cache.read('p', page, load)).toEqual({ read: 1 });
    expect(await cache.read('p', page, load)).toEqual({ read: 1 });
    changes.tell({ conversations: [8], inboxes: [2] });
    expect(await cache.read('p', page, load)).toEqual({ read: 1 });
    changes.tell({ conversations: [7] });
    expect(await cache.read('p', page, load)).toEqual({ read: 2 });
    changes.tell({ viewers: [1] });
    expect(await cache.read('p', page, load)).toEqual({ read: 3 });
  });

  it("a member's lists and counts change with their inbox and with any account's name; a conversation's change leaves them", async () => {
    await cache.read('l', list, load);
    changes.tell({ conversations: [7] });
    expect(await cache.read('l', list, load)).toEqual({ read: 1 });
    changes.tell({ inboxes: [1] });
    expect(await cache.read('l', list, load)).toEqual({ read: 2 });
    changes.tell({ users: [99] });
    expect(await cache.read('l', list, load)).toEqual({ read: 3 });
  });

  it('requests together wait for one read; a read under way when a change it shows arrives is answered, not kept', async () => {
    let finish: (value: { read: number }) => void = () => undefined;
    const slow = () => new Promise<{ read: number }>((resolve) => (finish = resolve));
    const first = cache.read('p', page, slow);
    const second = cache.read('p', page, slow);
    changes.tell({ conversations: [7] });
    // The change came after both asked: the next request starts its own read.
    const third = cache.read('p', page, load);
    finish({ read: 0 });
    expect(await Promise.all([first, second, third])).toEqual([{ read: 0 }, { read: 0 }, { read: 1 }]);
    expect(await cache.read('p', page, load)).toEqual({ read: 1 });
  });

  it('keeps nothing while the bus is not live, and drops everything when it was lost', async () => {
    await cache.read('p', page, load);
    changes.tell({ all: true });
    changes.live = false;
    expect(await cache.read('p', page, load)).toEqual({ read: 2 });
    expect(await cache.read('p', page, load)).toEqual({ read: 3 });
  });
});
