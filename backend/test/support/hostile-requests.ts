import { allRoutes } from '@cloud9/contracts';
import fc from 'fast-check';
import { request as httpRequest, Agent } from 'node:http';
import type { AppRoute } from './routes';

/**
 * fast-check arbitraries of hostile HTTP requests (for the fuzz suite) and a raw sender that keeps
 * every byte as generated: no URL normalising, no JSON re-encoding, no multipart builder.
 *
 * Every value is chosen so that no request may legitimately write: strings carry a NUL or a lone
 * surrogate (or are empty), numbers are never a valid id, bodies are malformed. A row the suite
 * finds written afterwards is therefore a defect, not a side effect.
 */

type Identity = 'anon' | 'basic' | 'staff' | 'admin';

export interface HostileRequest {
  identity: Identity;
  method: string;
  /** Raw path + query, sent as is (already percent-encoded where meant to be). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Which family of hostility this is, for the coverage report. */
  kind: string;
}

/** Path segments: NULs, invalid or surrogate UTF-8, bad percent escapes, ids out of range. */
const HOSTILE_SEGMENTS = [
  '%00', 'a%00b', '%00%00', '%ED%A0%80', 'x%ED%B0%80', '%ED%A0%80%ED%B0%80', '%FF', '%C3%28', '%C0%AF', '%E0%80%80',
  '%F4%90%80%80', '%', '%zz', '%0', 'a%', '%0A', '%0D%0A', '%1B', '%7F', '%01', '%E2%80%AE',
  '-1', '0', '00', '-0', '1.5', '1e3', '1e400', '-1e400', '2147483648', '4294967296', '9007199254740993',
  '9223372036854775808', '99999999999999999999999999999999', 'NaN', 'Infinity', '0x1F', '%201', '1%20',
  '__proto__', 'constructor', 'prototype', '..%2F..%2Fetc', '%2E%2E', 'a'.repeat(1500),
];

/** Query values (raw, as they appear after `=`). */
const HOSTILE_QUERY_VALUES = [...HOSTILE_SEGMENTS, '', '%2500', '+%00+', '[]', '{}', 'null', 'undefined', 'true'];

const QUERY_KEYS = [
  'limit', 'cursor', 'query', 'q', 'tab', 'username', 'search', 'category', 'offset', 'rating', 'kind', 'followerId',
  'followedId', 'userId', 'id', 'group_id', 'names', '__proto__', 'constructor', 'prototype', '__proto__[x]',
  'constructor[prototype][x]', 'limit[]', 'cursor[a]', 'a[b][c][d]', '%00', '%ED%A0%80', 'q%00',
];

/** Body field names: every field a DTO reads, plus keys that target prototypes. */
const FIELD_NAMES = [
  'username', 'password', 'email', 'confirmPassword', 'content', 'category', 'gif', 'userId', 'postId', 'followerId',
  'followedId', 'kind', 'message', 'id', 'user_id', 'group_id', 'groupId', 'subscriptionId', 'newPassword', 'adminId',
  'names', 'name', 'bio', 'birthdate', 'phone', 'location', 'website', 'event_type', 'resource', 'query', 'limit',
  '__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '',
];

/** JSON scalars as text: never a valid id, never a usable string. */
const JSON_SCALARS = [
  'null', 'true', 'false', '0', '-0', '-1', '1.5', '-2.5', '2147483648', '9007199254740993', '1e400', '-1e400', '1e308',
  '123456789012345678901234567890', '0.0000001', '""', '"\\u0000"', '"a\\u0000b"', '"\\ud800"', '"x\\udfff"',
  '"\\udc00\\ud800"', '"%00\\u0000"', '"\\ud83d"', `"${'\\u0000'.repeat(50)}"`,
];

const JSON_ODD_OBJECTS = ['{"toString":"x"}', '{"valueOf":"x"}', '{"toString":{}}', '{"toJSON":1}', '{}', '[]', '[null]', '{"length":1e400}'];

const nested = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);

const jsonValue: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: fc.constantFrom(...JSON_SCALARS), weight: 4 },
    { arbitrary: fc.constantFrom(...JSON_ODD_OBJECTS), weight: 2 },
    { arbitrary: fc.array(tie('value'), { maxLength: 3 }).map((items) => `[${items.join(',')}]`), weight: 1 },
    { arbitrary: fc.array(fc.tuple(fc.constantFrom(...FIELD_NAMES), tie('value')), { maxLength: 3 }).map(objectText), weight: 1 },
  ),
})).value;

function objectText(entries: [string, string][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

/** A field name: mostly one the route's DTO reads, sometimes any other. */
const fieldName = (fields: string[]) =>
  fields.length ? fc.oneof({ arbitrary: fc.constantFrom(...fields), weight: 3 }, { arbitrary: fc.constantFrom(...FIELD_NAMES), weight: 1 }) : fc.constantFrom(...FIELD_NAMES);

/** Whole JSON bodies: objects of hostile fields, deep nesting, odd top levels, broken texts, bad bytes. */
const jsonBody = (fields: string[]): fc.Arbitrary<Buffer> => fc.oneof(
  { arbitrary: fc.array(fc.tuple(fieldName(fields), jsonValue), { minLength: 1, maxLength: 4 }).map((e) => Buffer.from(objectText(e))), weight: 4 },
  { arbitrary: fc
    .tuple(fc.constantFrom(33, 40, 100, 1000, 10_000, 40_000), fc.constantFrom('array', 'object', 'field'))
    .map(([depth, shape]) => {
      if (shape === 'array') return Buffer.from(nested(depth, '[', ']'));
      if (shape === 'object') return Buffer.from(nested(Math.min(depth, 19_000), '{"a":', '}'));
      return Buffer.from(`{"username":${nested(depth, '[', ']', '"x"')},"password":"x"}`);
    }), weight: 1 },
  { arbitrary: fc.constantFrom(
    'null', '"\\u0000"', '[]', '123', '1e400', '"str"', '[{"username":null}]', '{', '{"a":}', "{'a':1}", '{"a":1,}', 'nul',
    '\uFEFF{"username":"\\u0000"}', '{"username":"a","username":"\\u0000"}', '{"__proto__":{"content":"\\u0000"}}',
    '{"constructor":{"prototype":{"content":"\\ud800"}}}', '',
  ).map((s) => Buffer.from(s)), weight: 1 },
  // Raw bytes that are not UTF-8: a lone surrogate encoded as if it were a character (CESU), 0xFF, an overlong slash.
  { arbitrary: fc.tuple(fieldName(fields), fc.constantFrom([0xed, 0xa0, 0x80], [0xff], [0xc0, 0xaf], [0xf8, 0x88, 0x80, 0x80, 0x80])).map(([field, bad]) =>
    Buffer.concat([Buffer.from(`{${JSON.stringify(field)}:"a`), Buffer.from(bad), Buffer.from('"}')]),
  ), weight: 1 },
);

/** urlencoded pairs: every value is a NUL, a bad or surrogate escape, or out of range. */
const formBody = (fields: string[]): fc.Arbitrary<Buffer> => fc
  .array(fc.tuple(fc.oneof(fieldName(fields), fc.constantFrom('__proto__[content]', 'a[b]')), fc.constantFrom(...HOSTILE_SEGMENTS.slice(0, 21), '-1', '1e400')), {
    minLength: 1,
    maxLength: 5,
  })
  .map((pairs) => Buffer.from(pairs.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join('&')));

const CRLF = '\r\n';
const NOT_AN_IMAGE = Buffer.from('this is not a picture, just text');
const FILE_FIELDS = ['file', 'thumbnail', 'background', 'evil'];

/** One multipart part: its header lines (latin1, byte for byte) and its body. */
export function part(headers: string[], body: Buffer | string): Buffer {
  return Buffer.concat([Buffer.from(headers.join(CRLF) + CRLF + CRLF, 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body)]);
}

/** A multipart body from parts; `close` false leaves out the closing boundary. */
export function form(boundary: string, parts: Buffer[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) chunks.push(Buffer.from(`--${boundary}${CRLF}`), p, Buffer.from(CRLF));
  if (close) chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(chunks);
}

/** Multipart bodies, each malformed or carrying a hostile name or value (a file is never an image). */
const multipartBody = (fields: string[]): fc.Arbitrary<{ contentType: string; body: Buffer; variant: string }> => fc
  .tuple(
    fc.constantFrom(
      'nul-filename', 'control-filename', 'nul-field-value', 'bad-utf8-field', 'control-field-name', 'truncated', 'wrong-boundary',
      'missing-boundary', 'mixed-subtype', 'other-subtype', 'long-boundary', 'no-parts', 'broken-header', 'no-disposition',
      'two-files', 'unexpected-file', 'rfc5987-nul', 'nul-header-name',
    ),
    fc.constantFrom(...FILE_FIELDS),
    fieldName(fields),
    fc.nat({ max: 200 }),
  )
  .map(([variant, fileField, textField, cut]) => {
    const b = 'fuzzBoundary7MA4YWxkTrZu0gW';
    const ct = `multipart/form-data; boundary=${b}`;
    const file = (name: string, field = fileField) => part([`Content-Disposition: form-data; name="${field}"; filename="${name}"`, 'Content-Type: image/png'], NOT_AN_IMAGE);
    const field = (name: string, value: Buffer | string) => part([`Content-Disposition: form-data; name="${name}"`], value);
    const hostileValue = field(textField, 'a\u0000b');
    switch (variant) {
      case 'nul-filename':
        return { variant, contentType: ct, body: form(b, [file('a\u0000b.png'), hostileValue]) };
      case 'control-filename':
        return { variant, contentType: ct, body: form(b, [file('\u001b[31mred\u0007.png'), hostileValue]) };
      case 'nul-field-value':
        return { variant, contentType: ct, body: form(b, [hostileValue]) };
      case 'bad-utf8-field':
        return { variant, contentType: ct, body: form(b, [field(textField, Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x00]))]) };
      case 'control-field-name':
        return { variant, contentType: ct, body: form(b, [field(`${textField}\u0001`, '\u0000'), file('x.png')]) };
      case 'truncated': {
        const whole = form(b, [hostileValue, file('x.png')]);
        return { variant, contentType: ct, body: whole.subarray(0, Math.max(1, whole.length - 1 - (cut % whole.length))) };
      }
      case 'wrong-boundary':
        return { variant, contentType: `multipart/form-data; boundary=${b}X`, body: form(b, [hostileValue]) };
      case 'missing-boundary':
        return { variant, contentType: 'multipart/form-data', body: form(b, [hostileValue]) };
      case 'mixed-subtype':
        return { variant, contentType: `multipart/mixed; boundary=${b}`, body: form(b, [hostileValue, file('x.png')]) };
      case 'other-subtype':
        return { variant, contentType: `multipart/related; boundary=${b}`, body: form(b, [hostileValue]) };
      case 'long-boundary': {
        const long = 'x'.repeat(100);
        return { variant, contentType: `multipart/form-data; boundary=${long}`, body: form(long, [hostileValue]) };
      }
      case 'no-parts':
        return { variant, contentType: ct, body: Buffer.from(`garbage before${CRLF}--${b}X--${CRLF}`) };
      case 'broken-header':
        return { variant, contentType: ct, body: form(b, [part(['Content-Disposition form-data name=content', 'X'.repeat(cut * 10)], '\u0000')]) };
      case 'no-disposition':
        return { variant, contentType: ct, body: form(b, [part(['Content-Type: text/plain'], '\u0000'), hostileValue]) };
      case 'two-files':
        return { variant, contentType: ct, body: form(b, [file('a.png'), file('b.png'), hostileValue]) };
      case 'unexpected-file':
        return { variant, contentType: ct, body: form(b, [file('a.png', 'evil'), hostileValue]) };
      case 'rfc5987-nul':
        return { variant, contentType: ct, body: form(b, [part([`Content-Disposition: form-data; name="${fileField}"; filename*=UTF-8''a%00b.png`], NOT_AN_IMAGE), hostileValue]) };
      default:
        return { variant, contentType: ct, body: form(b, [part([`Content-Disposition: form-data; name="${textField}"`, 'X-\u0000: y'], 'v'), hostileValue]) };
    }
  });

type BodyPlan = { contentType?: string; body?: Buffer; kind: string };

const bodyPlan = (fields: string[]): fc.Arbitrary<BodyPlan> => fc.oneof(
  { arbitrary: fc.constant<BodyPlan>({ kind: 'no-body' }), weight: 1 },
  { arbitrary: jsonBody(fields).map<BodyPlan>((body) => ({ kind: 'json', contentType: 'application/json', body })), weight: 5 },
  {
    arbitrary: fc
      .tuple(jsonBody(fields), fc.constantFrom('application/json; charset=utf-16', 'application/json; charset=latin1', 'application/vnd.api+json', 'APPLICATION/JSON'))
      .map<BodyPlan>(([body, contentType]) => ({ kind: 'json-variant', contentType, body })),
    weight: 1,
  },
  { arbitrary: formBody(fields).map<BodyPlan>((body) => ({ kind: 'urlencoded', contentType: 'application/x-www-form-urlencoded', body })), weight: 2 },
  { arbitrary: multipartBody(fields).map<BodyPlan>((m) => ({ kind: `multipart:${m.variant}`, contentType: m.contentType, body: m.body })), weight: 3 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('text/plain', 'application/octet-stream', 'application/xml', 'text/html', undefined), jsonBody(fields))
      .map<BodyPlan>(([contentType, body]) => ({ kind: 'other-type', contentType, body })),
    weight: 1,
  },
);

export interface Identities {
  cookies: Record<Exclude<Identity, 'anon'>, string>;
  usernames: Record<Exclude<Identity, 'anon'>, string>;
}

/** Well-formed ids that no row has: they let a hostile body reach the handler of a write without any write. */
const ABSENT_IDS = ['1999999999', '2000000000', '2147483647'];

/** A value for one `:param` of a route: hostile, or well-formed but naming nothing (or the caller's own name). */
function paramValue(param: string, identity: Identity, ids: Identities): fc.Arbitrary<string> {
  const hostile = fc.constantFrom(...HOSTILE_SEGMENTS);
  const plausible = (...values: string[]) => fc.oneof({ arbitrary: hostile, weight: 2 }, { arbitrary: fc.constantFrom(...values), weight: 1 });
  switch (param) {
    case 'username':
    case 'name':
      // Their own name lets multipart and JSON bodies reach the profile upload and validation.
      return plausible('nobody_here', ...(identity === 'anon' ? [] : [ids.usernames[identity]]));
    case 'category':
      return plausible('News');
    case 'queue':
      return plausible('admin', 'boosts');
    default:
      return plausible(...ABSENT_IDS);
  }
}

const queryString = (keys: string[]): fc.Arbitrary<string> => fc
  .array(fc.tuple(keys.length ? fc.oneof(fc.constantFrom(...keys), fc.constantFrom(...QUERY_KEYS)) : fc.constantFrom(...QUERY_KEYS), fc.constantFrom(...HOSTILE_QUERY_VALUES)), { maxLength: 4 })
  .map((pairs) => (pairs.length ? '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&') : ''));

/** The fields a route's query and body schemas declare (in the route table; empty for a route without them). */
export interface RouteInputs {
  body: string[];
  query: string[];
}

const fieldsOf = (schema: { _zod: { def: { shape?: object } } } | undefined): string[] => Object.keys(schema?._zod.def.shape ?? {});

export function routeInputs(route: AppRoute): RouteInputs {
  const entry = allRoutes().find(({ route: r }) => r.method === route.method && r.path === route.path)?.route;
  return {
    body: [...new Set([...fieldsOf(entry?.body as Parameters<typeof fieldsOf>[0]), ...fieldsOf(entry?.multipart?.fields)])],
    query: fieldsOf(entry?.query),
  };
}

/** One hostile request to `route` (the route's own method; a path id is hostile or names no row). */
export function hostileRequestFor(route: AppRoute, ids: Identities, inputs: RouteInputs): fc.Arbitrary<HostileRequest> {
  const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  // Signing out would end the session the rest of the run uses: logout is fuzzed anonymously.
  const identities: Identity[] = route.path === '/api/logout' ? ['anon'] : ['anon', 'basic', 'staff', 'admin'];
  return fc.constantFrom(...identities).chain((identity) =>
    fc
      .tuple(fc.tuple(...params.map((p) => paramValue(p, identity, ids))), fc.oneof(queryString(inputs.query), fc.constant('')), bodyPlan(inputs.body))
      .map(([values, query, plan]) => {
        let i = 0;
        const path = route.path.replace(/:(\w+)/g, () => values[i++]) + query;
        const headers: Record<string, string> = {};
        if (identity !== 'anon') headers.cookie = ids.cookies[identity];
        if (plan.contentType) headers['content-type'] = plan.contentType;
        return { identity, method: route.method, path, headers, body: plan.body, kind: plan.kind };
      }),
  );
}

/** Requests to Bull Board under /api/admin/queues (an Express router, not a Nest route). */
export function hostileQueueBoardRequest(ids: Identities): fc.Arbitrary<HostileRequest> {
  const tails = ['', '/', '/api/queues', '/api/queues/admin/%00/retry', '/api/queues/%ED%A0%80', '/api/queues/admin/1/job', '/static/%00', '/api/redis/stats'];
  return fc
    .tuple(fc.constantFrom<Identity>('anon', 'basic', 'staff', 'admin'), fc.constantFrom(...tails), fc.constantFrom('GET', 'PUT', 'POST', 'PATCH', 'DELETE'), queryString([]), bodyPlan([]))
    .map(([identity, tail, method, query, plan]) => {
      const headers: Record<string, string> = {};
      if (identity !== 'anon') headers.cookie = ids.cookies[identity];
      if (plan.contentType) headers['content-type'] = plan.contentType;
      // An admin may change jobs through the board; their requests stay reads so nothing runs or moves.
      const safeMethod = identity === 'admin' ? 'GET' : method;
      return { identity, method: safeMethod, path: `/api/admin/queues${tail}${query}`, headers, body: plan.body, kind: `board:${plan.kind}` };
    });
}

export interface HostileResponse {
  status: number;
  body: string;
  /** Set when no answer came (reset, timeout). */
  error?: string;
  /** From sending the request to the answer's last byte (or the failure). */
  ms: number;
}

/** Sends one request byte for byte and reads the answer (first 2 kB kept). */
export function sendRaw(port: number, agent: Agent, req: HostileRequest, timeoutMs = 15_000): Promise<HostileResponse> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body) headers['content-length'] = req.body.length;
    const out = httpRequest({ host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (c: Buffer) => {
        if (kept < 2048) chunks.push(c);
        kept += c.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, 2048), ms: took() }));
      res.on('error', (e) => resolve({ status: res.statusCode ?? 0, body: '', error: String(e), ms: took() }));
    });
    out.setTimeout(timeoutMs, () => out.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    out.on('error', (e) => resolve({ status: 0, body: '', error: String(e), ms: took() }));
    out.end(req.body);
  });
}

/** The request as one line a person can replay (body shown JSON-escaped, cut at 600 characters). */
export function describeRequest(req: HostileRequest): string {
  const body = req.body ? JSON.stringify(req.body.toString('latin1').slice(0, 600)) + (req.body.length > 600 ? `… (${req.body.length} bytes)` : '') : '(no body)';
  const type = req.headers['content-type'] ? ` content-type: ${req.headers['content-type']}` : '';
  return `${req.method} ${req.path.length > 300 ? req.path.slice(0, 300) + '…' : req.path} as ${req.identity}${type} body: ${body}`;
}
