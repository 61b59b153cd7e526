import { promises as dns, type LookupAddress } from 'node:dns';
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import zlib from 'node:zlib';
import { hostOf, isLocalName, isPublicAddress } from './public-address';

/**
 * Fetches what a user named (the page a post links to, then that page's card image) from the server:
 * an SSRF boundary. The URL is hostile until judged, and so is every DNS answer and every redirect:
 * http(s) on ports 80 and 443 only, no credentials, no local names, and every address a name resolves
 * to must be public (common/net/public-address) before the socket connects, to exactly the addresses
 * checked (the request's lookup answers with them: one resolution per hop, no DNS-rebinding gap).
 * One deadline covers it all (DNS, connecting, redirects, the body), bodies are cut at a limit
 * counted on decoded bytes, and every request is destroyed when its hop is done, refused or not.
 * LINK_CARDS_ALLOW_PRIVATE (tests, the bench) lifts the address and port rules, nothing else.
 */

export type RefusalReason =
  | 'invalid-url'
  | 'scheme'
  | 'port'
  | 'private-address'
  | 'too-many-redirects'
  | 'timeout'
  | 'too-large'
  | 'not-html'
  | 'not-image'
  | 'status'
  | 'network';

/** Why a fetch gave nothing: the caller shows no card. */
export class FetchRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'FetchRefused';
  }
}

/** How a name resolves: every address of the answer. */
type Resolve = (host: string) => Promise<LookupAddress[]>;

export interface PublicFetchOptions {
  /** LINK_CARDS_ALLOW_PRIVATE: any address and any port (tests, the bench). */
  allowPrivate?: boolean;
  /** The whole fetch's deadline, DNS to the body's last byte. */
  timeoutMs?: number;
  /** How names resolve: the seam tests answer names through. */
  resolve?: Resolve;
  /**
   * One address and port the policy lets through though it refuses them otherwise: how a test reaches
   * its loopback server with the policy on, every other hop (a redirect's target) judged for real.
   * Exact on both: the address as resolved or written, and the port.
   */
  exempt?: { address: string; port: number };
}

export interface ImageFetchOptions extends PublicFetchOptions {
  /** The most bytes read (decoded); more refuses the image. */
  maxBytes?: number;
}

export interface FetchedPage {
  /** The page's URL after redirects: what relative addresses in it resolve against. */
  url: string;
  html: string;
}

export interface FetchedImage {
  url: string;
  /** The media type, lower case, without parameters (`image/png`). */
  contentType: string;
  body: Buffer;
}

export const FETCH_TIMEOUT_MS = 5000;
export const PAGE_MAX_BYTES = 1024 * 1024;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const STANDARD_PORTS = new Set([80, 443]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const PAGE_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const USER_AGENT = 'Mozilla/5.0 (compatible; Cloud9LinkCards/1.0)';

/** dns.lookup (the system's resolver, hosts file included), every address in the order given. */
const systemResolve: Resolve = (host) => dns.lookup(host, { all: true, verbatim: true });

/**
 * Content codings read back (the limit counts what they decode to, so a small bomb stops at the
 * limit too); gzip and br are asked for, deflate is read when a server sends it anyway.
 */
const DECODERS: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/** The page at `url` as text, decoded by its charset (the header's, else a `<meta>` one, else UTF-8). */
export async function fetchPage(url: string, options: PublicFetchOptions = {}): Promise<FetchedPage> {
  const fetched = await fetchPublic(url, { accept: 'text/html,application/xhtml+xml;q=0.9', takes: (type) => PAGE_TYPES.has(type), refusal: 'not-html', maxBytes: PAGE_MAX_BYTES }, options);
  return { url: fetched.url, html: decodeText(fetched.body, fetched.charset) };
}

/** The image at `url` (`image/*` only), at most `maxBytes` (5 MB unless told). */
export async function fetchImage(url: string, options: ImageFetchOptions = {}): Promise<FetchedImage> {
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  const { url: finalUrl, contentType, body } = await fetchPublic(url, { accept: 'image/*', takes: (type) => type.startsWith('image/'), refusal: 'not-image', maxBytes }, options);
  return { url: finalUrl, contentType, body };
}

/** What fetchPublic hands back: the image's fields, and the charset a page is read by. */
interface Fetched extends FetchedImage {
  charset: string | null;
}

interface Wanted {
  accept: string;
  takes: (mediaType: string) => boolean;
  refusal: 'not-html' | 'not-image';
  maxBytes: number;
}

async function fetchPublic(raw: string, wanted: Wanted, options: PublicFetchOptions): Promise<Fetched> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new FetchRefused('timeout', `not done within ${timeoutMs} ms`)), timeoutMs);
  try {
    if (!URL.canParse(raw)) throw new FetchRefused('invalid-url', 'not a URL');
    let url = new URL(raw);
    for (let redirects = 0; ; redirects++) {
      const port = judgeUrl(url, options);
      const addresses = await addressesOf(url, port, options, deadline.signal);
      const { request, response } = await send(url, addresses, wanted.accept, deadline.signal);
      try {
        const status = response.statusCode ?? 0;
        if (REDIRECTS.has(status)) {
          if (redirects === MAX_REDIRECTS) throw new FetchRefused('too-many-redirects', `more than ${MAX_REDIRECTS} redirects`);
          const location = response.headers.location;
          if (!location) throw new FetchRefused('status', `${status} without a Location`);
          if (!URL.canParse(location, url.href)) throw new FetchRefused('invalid-url', 'a redirect to what is not a URL');
          url = new URL(location, url);
          continue;
        }
        if (status < 200 || status > 299) throw new FetchRefused('status', `answered ${status}`);
        const [mediaType, charset] = contentTypeOf(response.headers['content-type']);
        if (!wanted.takes(mediaType)) throw new FetchRefused(wanted.refusal, `answered ${mediaType || 'without a type'}`);
        const body = await readBody(response, wanted.maxBytes);
        return { url: url.href, contentType: mediaType, charset, body };
      } finally {
        // The socket is the request's alone (no agent pool): done with the hop, it is closed, read or not.
        request.destroy();
      }
    }
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    // A request torn down by the deadline fails with its own AbortError: the deadline is the reason.
    if (deadline.signal.aborted) throw deadline.signal.reason;
    throw new FetchRefused('network', error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}

/** The port a URL is fetched on, once its scheme, credentials, port and name pass; judged before any resolution. */
function judgeUrl(url: URL, options: PublicFetchOptions): number {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('scheme', `${url.protocol} is not fetched`);
  if (url.username || url.password) throw new FetchRefused('invalid-url', 'credentials in the URL');
  // The URL parser leaves out a scheme's own port: `url.port` is '' for http://x:80/ (and '0' is a port).
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (options.allowPrivate) return port;
  if (!STANDARD_PORTS.has(port) && port !== options.exempt?.port) throw new FetchRefused('port', `port ${port}`);
  const host = hostOf(url);
  if (!isIP(host) && isLocalName(host)) throw new FetchRefused('private-address', `${host} is a local name`);
  return port;
}

/** The addresses the hop connects to: the literal, or every address the name resolves to, each judged with the port. */
async function addressesOf(url: URL, port: number, options: PublicFetchOptions, deadline: AbortSignal): Promise<LookupAddress[]> {
  const host = hostOf(url);
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await beforeDeadline((options.resolve ?? systemResolve)(host), deadline);
  if (!addresses.length) throw new FetchRefused('network', `${host} has no address`);
  if (options.allowPrivate) return addresses;
  for (const { address } of addresses) {
    if (options.exempt?.address === address && options.exempt.port === port) continue;
    if (!isPublicAddress(address)) throw new FetchRefused('private-address', `${host} is ${address}`);
    // Only the exempt port passed judgeUrl off 80 and 443, and it is exempt with its own address only.
    if (!STANDARD_PORTS.has(port)) throw new FetchRefused('port', `port ${port}`);
  }
  return addresses;
}

/** `work`, or the deadline's refusal if that comes first (a resolver cannot be told to stop). */
function beforeDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (deadline.aborted) return reject(deadline.reason);
    const onAbort = () => reject(deadline.reason);
    deadline.addEventListener('abort', onAbort, { once: true });
    void work.then(resolve, reject).finally(() => deadline.removeEventListener('abort', onAbort));
  });
}

/** Sends the GET on a socket of its own, connected to the checked addresses; settles with the answer's head. */
function send(url: URL, addresses: LookupAddress[], accept: string, deadline: AbortSignal): Promise<{ request: ClientRequest; response: IncomingMessage }> {
  // Node asks this for a name's addresses (all of them when it may try each, IPv6 and IPv4): the
  // checked answer is the only one it gets. Literals are connected to without asking.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  };
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { agent: false, lookup, signal: deadline, headers: { 'user-agent': USER_AGENT, accept, 'accept-encoding': 'gzip, br' } },
      (response) => resolve({ request, response }),
    );
    request.on('error', reject);
    request.end();
  });
}

/** The media type (lower case, no parameters) and the charset parameter of a Content-Type. */
function contentTypeOf(header: string | undefined): [string, string | null] {
  const [type = '', ...parameters] = (header ?? '').split(';');
  const charset = parameters.map((p) => /^\s*charset\s*=\s*"?([^";\s]+)/i.exec(p)?.[1]).find(Boolean) ?? null;
  return [type.trim().toLowerCase(), charset];
}

/** The body, decoded from its content coding, refused once it passes `maxBytes`: never more is buffered. */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const coding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const decoder = coding === 'identity' ? null : DECODERS[coding];
  if (decoder === undefined) throw new FetchRefused('network', `content coding ${coding}`);
  // Without a coding the declared length is the length: too long is refused before a byte is read.
  if (!decoder && Number(response.headers['content-length']) > maxBytes) throw new FetchRefused('too-large', `over ${maxBytes} bytes`);
  const body: Readable = decoder ? pipeline(response, decoder(), () => {}) : response;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new FetchRefused('too-large', `over ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/**
 * Windows-1252's characters for the bytes 0x80 to 0x9F, where it differs from Latin-1 (five bytes it
 * leaves undefined stay themselves, as the Encoding Standard says). HTML reads a page labelled Latin-1
 * as Windows-1252, and a numeric reference in that range (`&#147;`) likewise.
 */
export const WINDOWS_1252_C1 = '\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178';

/**
 * A page's text: by the header's charset, else the one a `<meta>` in its first 1,024 bytes names (where
 * browsers look first), else UTF-8; an unknown label is read as UTF-8.
 */
function decodeText(body: Buffer, charset: string | null): string {
  const named = charset ?? /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(body.subarray(0, 1024).toString('latin1'))?.[1] ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(named);
  } catch {
    decoder = new TextDecoder();
  }
  // Node 20.18.3 and later read windows-1252 (and the Latin-1 labels it stands for) as Latin-1, 0x80 to
  // 0x9F as control characters (nodejs/node#56542): the curly quotes and dashes of many older pages.
  if (decoder.encoding === 'windows-1252') return body.toString('latin1').replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80]);
  return decoder.decode(body);
}
