import type { Request, Response } from 'express';
import Negotiator from 'negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';

type Encoding = 'br' | 'gzip';

/** A value's answer made once: its JSON bytes, their ETag, and each compressed form once asked for. */
interface PreparedJson {
  body: Buffer;
  etag: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

const ENCODINGS = ['br', 'gzip', 'identity'];
/** As compressResponses: brotli when both are equally acceptable. */
const PREFERRED: Encoding[] = ['br', 'gzip'];
/** compressResponses' brotli quality: a page is compressed here on the request that first asks for it. */
const BROTLI_QUALITY = 4;

/** Every value marked by answerAsIs; its prepared answer once it has been sent. */
const prepared = new WeakMap<object, PreparedJson | undefined>();

/**
 * The JSON of the elements of marked values' arrays (a page's posts), made once per element: a page
 * whose counts moved is a new page sharing every post but the one that moved, and each viewer's copy
 * shares the posts that carry none of their flags, so a new page's JSON costs its changed posts only.
 */
const elementJson = new WeakMap<object, string>();

function jsonOfElement(element: unknown): string {
  if (typeof element !== 'object' || element === null) return JSON.stringify(element) ?? 'null';
  let json = elementJson.get(element);
  if (json === undefined) {
    json = JSON.stringify(element);
    elementJson.set(element, json);
  }
  return json;
}

/** JSON.stringify(value) of a marked value, its arrays' elements taken from elementJson. */
export function jsonOfMarked(value: object): string {
  const arrayJson = (array: unknown[]) => `[${array.map(jsonOfElement).join(',')}]`;
  if (Array.isArray(value)) return arrayJson(value);
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  const fields: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    const json = Array.isArray(field) ? arrayJson(field) : (JSON.stringify(field) as string | undefined);
    if (json !== undefined) fields.push(`${JSON.stringify(key)}:${json}`);
  }
  return `{${fields.join(',')}}`;
}

/**
 * Marks a value that is kept and answered many times as it is (a cached feed page): it is turned
 * into JSON, hashed for its ETag and compressed once instead of on every request, which was about a
 * fifth of a cached page's CPU. The value must not change once marked, nor may anything in its
 * arrays (elementJson); it is forgotten with it.
 */
export function answerAsIs<T extends object>(value: T): T {
  if (!prepared.has(value)) prepared.set(value, undefined);
  return value;
}

function preparedOf(req: Request, value: object): PreparedJson {
  let found = prepared.get(value);
  if (!found) {
    const body = Buffer.from(jsonOfMarked(value));
    // Express's own ETag function (weak, as every other JSON answer's), so a 304 works the same.
    const etagOf = req.app.get('etag fn') as (body: Buffer) => string;
    found = { body, etag: etagOf(body), encoded: {} };
    prepared.set(value, found);
  }
  return found;
}

function encodedOf(entry: PreparedJson, encoding: Encoding): Buffer {
  entry.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
      : gzipSync(entry.body);
  return entry.encoded[encoding];
}

/**
 * Answers a value marked by answerAsIs from its prepared bytes, as express's res.json plus the
 * compression middleware would (same headers, same 304 on a matching If-None-Match); false for any
 * other value, which goes the usual way.
 */
export function replyPrepared(res: Response, value: unknown, statusCode?: number): boolean {
  if (typeof value !== 'object' || value === null || !prepared.has(value)) return false;
  if (statusCode) res.status(statusCode);
  const req = res.req;
  const entry = preparedOf(req, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('ETag', entry.etag);
  if (entry.body.length < COMPRESSION_THRESHOLD_BYTES) {
    res.send(entry.body);
    return true;
  }
  res.vary('Accept-Encoding');
  const encoding = new Negotiator(req).encoding(ENCODINGS, { preferred: PREFERRED }) as Encoding | 'identity' | undefined;
  if (encoding === 'br' || encoding === 'gzip') {
    // The compression middleware leaves an answer that already has a Content-Encoding alone.
    res.setHeader('Content-Encoding', encoding);
    res.send(encodedOf(entry, encoding));
  } else {
    res.send(entry.body);
  }
  return true;
}
