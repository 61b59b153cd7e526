import type { AlertGroup, NotificationStatus, SystemNotice, UserAlert } from '@cloud9/contracts';
import { vi } from 'vitest';
import type { RealtimeSocket } from '../realtime/socket';

export const makeAlert = (overrides: Partial<UserAlert> = {}): UserAlert => ({
  id: 1,
  type: 'like',
  message: 'Other Person liked your post',
  actor_name: 'Other Person',
  actor_username: 'other',
  actor_thumbnail: null,
  post_id: 42,
  createdAt: new Date().toISOString(),
  ...overrides,
});

export const makeGroup = (overrides: Partial<AlertGroup> = {}): AlertGroup => ({
  key: 'like:42',
  type: 'like',
  post: { id: 42, content: 'Sunny day over the clouds\nsecond line' },
  actors: [{ username: 'other', name: 'Other Person', thumbnail: null }],
  count: 1,
  latestAt: new Date().toISOString(),
  unread: false,
  ...overrides,
});

export const makeNotice = (overrides: Partial<SystemNotice> = {}): SystemNotice => ({
  id: 1,
  user_id: 2,
  username: 'staffer',
  content: 'Maintenance tonight at 10.',
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  media_url: null,
  postUser: { name: 'Staff Person', thumbnail: null },
  ...overrides,
});

export const status = (overrides: Partial<NotificationStatus> = {}): NotificationStatus => ({
  latestUserAlert: null,
  latestSystemNotice: null,
  lastSeenUserAlerts: null,
  lastSeenSystemNotices: null,
  ...overrides,
});

type Listener = (...args: unknown[]) => void;

/**
 * A stand-in for the Socket.IO client: `connect()`/`disconnect()` flip `connected` and fire the
 * reserved events like the real one; `emit(event, payload)` plays a server push.
 */
export class FakeSocket {
  connected = false;
  active = false;
  private listeners = new Map<string, Set<Listener>>();
  private managerListeners = new Map<string, Listener[]>();
  /** The Manager's reconnect delay as last set, and its one-shot listeners; closing the engine drops the connection. */
  readonly io = {
    delay: 1000,
    reconnectionDelay: vi.fn((ms: number) => {
      this.io.delay = ms;
      return this.io;
    }),
    once: vi.fn((event: string, listener: Listener) => {
      this.managerListeners.set(event, [...(this.managerListeners.get(event) ?? []), listener]);
      return this.io;
    }),
    engine: { close: vi.fn(() => this.drop()) },
  };
  connect = vi.fn(() => {
    this.active = true;
    return this;
  });
  disconnect = vi.fn(() => {
    const was = this.connected;
    this.connected = false;
    this.active = false;
    if (was) this.emit('disconnect', 'io client disconnect');
    return this;
  });

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
    return true;
  }

  listenerCount(event: string) {
    return this.listeners.get(event)?.size ?? 0;
  }

  /** The server accepted the handshake. */
  serverConnect() {
    this.connected = true;
    this.emit('connect');
  }

  /** The connection dropped (server gone, network); the real client would retry. */
  drop() {
    this.connected = false;
    this.emit('disconnect', 'transport close');
  }

  /** The Manager starts a reconnect attempt (after its delay). */
  reconnectAttempt() {
    const listeners = this.managerListeners.get('reconnect_attempt') ?? [];
    this.managerListeners.delete('reconnect_attempt');
    for (const listener of listeners) listener(1);
  }

  /** The server's middleware refused the handshake; the real client then stops retrying. */
  refuse(message: string) {
    this.connected = false;
    this.active = false;
    this.emit('connect_error', new Error(message));
  }

  asSocket() {
    return this as unknown as RealtimeSocket;
  }
}
