import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, Socket } from 'node:net';

/** A raw TCP connection to the app: write exactly what a test wants, see exactly what comes back. */
export interface RawConnection {
  socket: Socket;
  /** Writes bytes and resolves once they are handed to the kernel (false if the server already closed). */
  write(data: string | Buffer): Promise<boolean>;
  /** Everything received so far (latin1). */
  text(): string;
  /** Milliseconds from connect to the server closing the connection (null while open). */
  closedAfter(): number | null;
  /** Resolves true as soon as `check` holds, false after `timeoutMs`. */
  until(check: () => boolean, timeoutMs: number): Promise<boolean>;
  /** Resolves true once the server has closed the connection. */
  closedWithin(timeoutMs: number): Promise<boolean>;
}

const open = new Set<Socket>();

/** Destroys every connection a test left open (so a failing test cannot hold the server's close). */
export function destroyRawConnections(): void {
  for (const socket of open) socket.destroy();
  open.clear();
}

/**
 * `halfOpen`: the client goes on writing after the server's FIN (as a client still sending its body
 * may); by default Node's socket ends its own side at once.
 */
export function openRaw(port: number, { halfOpen = false }: { halfOpen?: boolean } = {}): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let received = '';
    let closedAt: number | null = null;
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: halfOpen });
    open.add(socket);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('close', () => {
      closedAt = Date.now() - started;
      open.delete(socket);
    });
    socket.on('error', () => undefined); // a reset after the answer is expected in some tests
    const until = async (check: () => boolean, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) return false;
        await new Promise((r) => setTimeout(r, 10));
      }
      return true;
    };
    socket.once('connect', () =>
      resolve({
        socket,
        write: (data) =>
          new Promise((done) => {
            if (socket.destroyed || !socket.writable) return done(false);
            socket.write(data, (error) => done(!error));
          }),
        text: () => received,
        closedAfter: () => closedAt,
        until,
        closedWithin: (timeoutMs) => until(() => closedAt !== null, timeoutMs),
      }),
    );
    socket.once('error', reject);
  });
}

/** A request head (request line and headers, CRLF separated, ending with the blank line). */
export const head = (requestLine: string, headers: Record<string, string | number>) =>
  `${requestLine}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

/** An answer as it came over the wire: status, headers and the body's bytes, still compressed if they were. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request over a connection of its own (no agent), the answer's bytes and headers as they came, nothing decoded. */
export function rawRequest(url: string | URL, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** What a client that writes its whole request before reading anything got back. */
export interface WrittenThenRead {
  /** Everything it could read (latin1): the answer, or '' when the connection was reset under it. */
  text: string;
  /** The connection's error (ECONNRESET, EPIPE), or null. */
  error: string | null;
}

/**
 * Sends `request` over a new connection the way simple clients (and some proxies) do: the whole of it
 * first, reading nothing meanwhile, then whatever the server answered, until it closes. It goes out
 * in pieces of 64 kB a few milliseconds apart, as over a real link (on loopback the kernel's buffers
 * would otherwise take a few MB at once, and the client would never be caught still writing).
 */
export function writeWholeThenRead(port: number, request: Buffer, timeoutMs = 20_000): Promise<WrittenThenRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let error: string | null = null;
    const socket = connect(port, '127.0.0.1');
    open.add(socket);
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.pause(); // nothing is read until the request is written
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on('close', () => {
      clearTimeout(timer);
      open.delete(socket);
      resolve({ text: Buffer.concat(chunks).toString('latin1'), error });
    });
    const PIECE = 64 * 1024;
    const writeFrom = (at: number): void => {
      if (socket.destroyed) return;
      if (at >= request.length) return void socket.resume();
      socket.write(request.subarray(at, at + PIECE), (e) => (e ? socket.destroy(e) : void setTimeout(() => writeFrom(at + PIECE), 3)));
    };
    socket.once('connect', () => writeFrom(0));
  });
}
