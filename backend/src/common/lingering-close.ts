import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long, and how much more, a connection whose answer went out before its body was read keeps
 * reading and dropping that body before it closes (nginx's lingering close, with its 5 s).
 */
export const LINGER = {
  /** The longest it lingers in all. */
  ms: 5000,
  /** Closes sooner when the client sends nothing for this long (it has stopped, or is reading). */
  idleMs: 1000,
  /** Closes sooner after this many more bytes: a client sending 1 TB is not read to its end. */
  bytes: 8 * 1024 * 1024,
} as const;

/** How often a lingering connection looks at what it has read. */
const LINGER_TICK_MS = 50;

const lingering = new WeakSet<Socket>();

/**
 * Makes the close Node does after a `Connection: close` answer a lingering one. Node ends such an
 * answer with `socket.destroySoon()`: the socket closes as soon as the answer is written, with the
 * rest of the request body still arriving, and the kernel answers those bytes with a reset. A client
 * that writes its whole body before reading (most simple clients, some proxies) then sees the reset
 * on its next write, and the reset can also wipe the answer waiting in its buffer: a refused upload
 * looked like a network failure instead of a 401, 403 or 413. Instead, the answer goes out followed
 * by our FIN, and the body is read and dropped until the client has sent it all or has stopped, or
 * LINGER's time or bytes run out; then the socket closes.
 */
export function lingerOnClose(req: IncomingMessage, socket: Socket | null): void {
  if (!socket || lingering.has(socket)) return;
  lingering.add(socket);
  // From the answer on, what the body brings is counted and dropped. Reading it here also keeps Node
  // from "dumping" the request, which would drop the bytes without a trace to count.
  let dropped = 0;
  let lastData = Date.now();
  let enough: (() => void) | null = null;
  const onData = (chunk: Buffer) => {
    dropped += chunk.length;
    lastData = Date.now();
    if (dropped > LINGER.bytes) enough?.();
  };
  req.on('data', onData);
  socket.destroySoon = function lingeringClose(this: Socket): void {
    if (this.writable) this.end(); // the answer, then our FIN; the socket still reads
    const close = () => {
      clearInterval(watch);
      req.off('data', onData);
      this.destroy();
    };
    // Never before the answer has gone out, except when the time is up (a client that does not read).
    let closing = false;
    const closeOnceSent = () => {
      if (closing) return;
      closing = true;
      if (this.writableFinished) close();
      else this.once('finish', close);
    };
    // Whatever read the request before is done with it (a paused request would stop the socket reading).
    req.unpipe();
    for (const listener of req.listeners('data')) if (listener !== onData) req.off('data', listener as (chunk: Buffer) => void);
    req.resume();
    const startedAt = Date.now();
    const idle = () => Date.now() - Math.max(lastData, startedAt) > LINGER.idleMs;
    const watch = setInterval(() => {
      if (Date.now() - startedAt > LINGER.ms) close();
      // Timers run before pending reads: after a stall of the event loop, look again once they are in.
      else if (idle()) setImmediate(() => idle() && closeOnceSent());
    }, LINGER_TICK_MS).unref();
    enough = closeOnceSent;
    if (req.complete || this.readableEnded || dropped > LINGER.bytes) closeOnceSent();
    req.once('end', closeOnceSent); // the whole body is in: nothing more to drop
    this.once('end', closeOnceSent); // the client has stopped sending
    this.once('close', () => clearInterval(watch));
  };
}
