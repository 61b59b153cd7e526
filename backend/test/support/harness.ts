import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { deflateSync } from 'node:zlib';
import request from 'supertest';
import type { Settings } from '../../src/config/settings';
import { sessionCookieName } from '../../src/common/auth/session-cookie';
import { bootApp, PASSWORD, TestApp, uniqueName } from './app';

/**
 * Secrets a response must never carry: a key naming a password (password, passwordHash,
 * password_hash, confirmPassword, ...) anywhere in a JSON body, or an argon2 hash anywhere.
 */
export function findSecrets(body: string): string[] {
  const found: string[] = [];
  if (body.includes('$argon2')) found.push('argon2 hash');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return found;
  }
  const walk = (value: unknown, where: string): void => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}[${i}]`));
    else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (/password|hash/i.test(key)) found.push(`key ${where}.${key}`);
        walk(v, `${where}.${key}`);
      }
    }
  };
  walk(parsed, '$');
  return found;
}

export interface WatchedApp extends TestApp {
  /** Every response of this app that carried a secret (method, url, what). */
  leaks: string[];
  /** How many JSON responses were inspected (so the leak check is never vacuous). */
  inspected: () => number;
  request: () => ReturnType<typeof request>;
}

/** Boots the real app and inspects every JSON response it sends for password keys or hashes. */
export async function bootWatched(env: Record<string, string> = {}): Promise<WatchedApp> {
  const t = await bootApp(env);
  const leaks: string[] = [];
  let inspected = 0;
  const server = t.app.getHttpServer() as Server;
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    const toBuffer = (chunk: unknown, encoding?: unknown) =>
      Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    (res as { write: unknown }).write = (chunk: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== 'function' && chunks.length < 64) chunks.push(toBuffer(chunk, rest[0]));
      return write(chunk, ...rest);
    };
    (res as { end: unknown }).end = (chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== 'function') chunks.push(toBuffer(chunk, rest[0]));
      const type = String(res.getHeader('content-type') ?? '');
      if (type.includes('json') || type.includes('text')) {
        inspected++;
        const body = Buffer.concat(chunks).toString('utf8');
        for (const what of findSecrets(body)) leaks.push(`${req.method} ${req.url} ${res.statusCode}: ${what}`);
      }
      const cookies = ([] as string[]).concat((res.getHeader('set-cookie') as string[] | string | undefined) ?? []);
      if (cookies.some((c) => c.includes('$argon2'))) leaks.push(`${req.method} ${req.url}: argon2 hash in Set-Cookie`);
      return end(chunk, ...rest);
    };
  });
  return { ...t, leaks, inspected: () => inspected, request: () => request(server) };
}

/** Number of rows in a table (or matching a WHERE clause). */
export async function countRows(t: TestApp, table: string, where = 'TRUE', params: unknown[] = []): Promise<number> {
  const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params);
  return n;
}

/**
 * Every table's rows as text, sorted: what a restore must give back. audit_log is left out (a
 * restore keeps its newer rows on purpose), and so is the migrations table.
 */
export async function tableSnapshot(t: TestApp): Promise<Record<string, string[]>> {
  const tables: { table_name: string }[] = await t.db.query(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('audit_log', 'migrations') ORDER BY 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { table_name } of tables) {
    out[table_name] = ((await t.db.query(`SELECT x::text AS row FROM "${table_name}" x ORDER BY 1`)) as { row: string }[]).map((r) => r.row);
  }
  return out;
}

/** Every regular file under a folder (recursively), as paths relative to it. */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else out.push(path.relative(dir, full));
    }
  };
  await walk(dir);
  return out.sort();
}

/**
 * How long a suite beside the other lanes of `npm test` waits for an app's invalidation-bus subscription
 * (a precondition, not what it tests: on two cores at load 12 the connection may take its retries), and
 * the time given to the hook or test that starts two apps and waits for both.
 */
export const BUS_LIVE_WAIT_MS = 45_000;
export const BUS_START_TIMEOUT_MS = 150_000;

/** Waits until `check` holds (for clean-ups that finish just after a response). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 2000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([len, typed, crc]);
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid 1×1 RGBA PNG. */
export function tinyPng(rgba: [number, number, number, number] = [0, 128, 255, 255]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0); // width
  ihdr.writeUInt32BE(1, 4); // height
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  const raw = Buffer.from([0, ...rgba]); // filter byte + one pixel
  return Buffer.concat([PNG_MAGIC, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Colours handed out by uniquePng: from a random start, each call the next. */
let nextColour = Math.floor(Math.random() * 0x1000000);

/**
 * A 1×1 PNG whose bytes no other call in this run returns. Uploads are stored by content, so the
 * same bytes uploaded twice share one file: a test that expects a file to go with its only use
 * uploads bytes of its own.
 */
export function uniquePng(): Buffer {
  nextColour = (nextColour + 1) % 0x1000000;
  return tinyPng([nextColour >> 16, (nextColour >> 8) & 0xff, nextColour & 0xff, 255]);
}

/** A well-formed PNG whose header claims `width` × `height` (a decompression bomb when large) with one row of data. */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc(1 + width); // filter byte + one row
  return Buffer.concat([PNG_MAGIC, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** `bytes` long, starting with the PNG signature (judged a PNG by its magic bytes). */
export function bigPngLike(bytes: number): Buffer {
  const buf = Buffer.alloc(bytes, 0x41);
  tinyPng().copy(buf, 0, 0, 33); // signature + IHDR
  return buf;
}

/** The deployment the run's apps boot as (test-env.ts); pass an app's settings when it booted as another. */
const runDeployment = (): Pick<Settings, 'publicUrl'> => ({ publicUrl: process.env.PUBLIC_URL ?? 'http://localhost' });

/** The session id inside a session Set-Cookie / Cookie value (`<name>=s:<sid>.<signature>`). */
export function sessionIdOf(cookie: string, deployment = runDeployment()): string {
  const name = sessionCookieName(deployment);
  const part = cookie.split(';').map((p) => p.trim()).find((p) => p.startsWith(`${name}=`));
  if (!part) throw new Error(`no ${name} in ${cookie}`);
  const value = decodeURIComponent(part.slice(name.length + 1));
  return value.slice(2, value.lastIndexOf('.'));
}

/** The `name=value` part of the session cookie among Set-Cookie values (a sign-in also sets the device cookie). */
export function sessionCookieIn(setCookies: readonly string[], deployment = runDeployment()): string {
  const name = sessionCookieName(deployment);
  const sid = setCookies.find((c) => c.startsWith(`${name}=`));
  if (!sid) throw new Error(`no ${name} cookie in ${JSON.stringify(setCookies)}`);
  return sid.split(';')[0];
}

/** The `name=value` part of the session Set-Cookie of a response. */
export const sessionCookieOf = (res: request.Response, deployment = runDeployment()): string =>
  sessionCookieIn(([] as string[]).concat(res.headers['set-cookie'] ?? []), deployment);

/** A new user of `groupId`, signed in; its session cookie, for raw or cookie-less clients. */
export async function signInCookie(t: TestApp, groupId: number, prefix = 'user'): Promise<{ id: number; username: string; cookie: string }> {
  const username = uniqueName(prefix);
  const server = t.app.getHttpServer();
  await request(server).post('/api/users').send({ username, email: `${username}@example.com`, password: PASSWORD }).expect(201);
  await t.db.query('UPDATE users SET group_id = $1 WHERE username = $2', [groupId, username]);
  const login = await request(server).post('/api/login').send({ username, password: PASSWORD }).expect(200);
  return { id: login.body.id as number, username, cookie: sessionCookieOf(login) };
}
