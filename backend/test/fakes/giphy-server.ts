/**
 * A fake Giphy on loopback for tests (backend suites and the browser tests' global setup).
 * Speaks Giphy's wire format: GET /v1/gifs/search, /trending, /related and /v1/emoji answer
 * `{ data, pagination, meta }` from a fixed catalogue of 60 GIFs, /v1/gifs/categories one category
 * per subject, /v1/gifs/random one GIF (or `[]`), and every rendition URL (`/media/<id>/200.gif`, ...)
 * serves a real two-frame animated GIF89a. POST /v2/pingback records analytics batches, which
 * `pingbacks` show. The browser tests, whose fake lives in another process, read them with
 * GET /__fake/pingbacks and set a failure with POST /__fake/failure?status=….
 * node:http only.
 */
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeGiphyRequest {
  method: string;
  /** The path without the query, e.g. `/v1/gifs/search` or `/media/fake01/200.gif`. */
  path: string;
  /** The query parameters (the last value of a repeated one), api_key included. */
  query: Record<string, string>;
}

export interface FakeGiphyOptions {
  /** Port on 127.0.0.1; 0 or absent picks a free one. */
  port?: number;
  /** The only api_key accepted (403 otherwise); absent: any non-empty key. */
  apiKey?: string;
}

/** One batch POSTed to /v2/pingback. */
interface FakeGiphyPingback {
  /** The `apikey` query parameter. */
  apiKey: string | null;
  events: unknown[];
  /** When it arrived (ms since the epoch). */
  at: number;
}

export interface FakeGiphy {
  /** Use as GIPHY_API_BASE, e.g. `http://127.0.0.1:41234/v1`. */
  baseUrl: string;
  /** Use as GIPHY_PINGBACK_URL, e.g. `http://127.0.0.1:41234`. */
  pingbackUrl: string;
  /** Every pingback batch received, oldest first (clear with `pingbacks.length = 0`). */
  pingbacks: FakeGiphyPingback[];
  /** Use as GIPHY_MEDIA_HOSTS, e.g. `127.0.0.1:41234`. */
  mediaHost: string;
  /** Every request received, oldest first (clear with `requests.length = 0`). */
  requests: FakeGiphyRequest[];
  /**
   * From now on the API endpoints answer this status with a Giphy error body; null restores them.
   * 451 is Giphy's location block: its body carries 'This content is not available in your location'.
   */
  setFailure(status: number | null): void;
  /** From now on the API endpoints and the pingback service wait this long before answering (0 restores them). */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

const RATINGS = ['g', 'pg', 'pg-13', 'r'];
const SUBJECTS = ['cat', 'dog', 'party', 'win', 'cloud', 'dance'];
const MOODS = ['happy', 'sleepy', 'epic', 'tiny', 'silly', 'sunny', 'fluffy', 'golden', 'jumping', 'winning'];

interface CatalogueEntry {
  id: string;
  title: string;
  slug: string;
  rating: string;
  isSticker: boolean;
  trendingRank: number;
}

/** Ratings of the ten rounds of six subjects: 36 GIFs are g, 12 pg, 6 pg-13, 6 r. */
const ROUND_RATINGS = ['g', 'g', 'pg', 'g', 'pg-13', 'g', 'pg', 'g', 'r', 'g'];

/** 60 deterministic GIFs: ten rounds of the six subjects, each round with its own mood and rating. */
export const FAKE_GIPHY_CATALOGUE: readonly CatalogueEntry[] = Array.from({ length: 60 }, (_, i) => {
  const subject = SUBJECTS[i % SUBJECTS.length];
  const mood = MOODS[Math.floor(i / SUBJECTS.length) % MOODS.length];
  const title = `${mood[0].toUpperCase()}${mood.slice(1)} ${subject} GIF`;
  return {
    id: `fake${String(i + 1).padStart(2, '0')}`,
    title,
    slug: title.toLowerCase().replace(/\s+/g, '-'),
    rating: ROUND_RATINGS[Math.floor(i / SUBJECTS.length)],
    isSticker: i % 10 === 9,
    trendingRank: (i * 37) % 60,
  };
});

/** Rendition name -> [file name, width, height] as Giphy names them. */
const RENDITIONS: Record<string, [string, number, number]> = {
  fixed_height: ['200.gif', 200, 200],
  fixed_height_still: ['200_s.gif', 200, 200],
  fixed_height_small: ['100.gif', 100, 100],
  fixed_width: ['200w.gif', 200, 200],
  fixed_width_small: ['100w.gif', 100, 100],
  downsized: ['giphy-downsized.gif', 240, 240],
  original: ['giphy.gif', 480, 480],
  preview_gif: ['giphy-preview.gif', 80, 80],
};
const MEDIA_FILES = new Set(Object.values(RENDITIONS).map(([file]) => file));

// ---- A real animated GIF89a, built byte by byte ----

/** LZW image data with 3-bit codes: a clear code before every two pixels keeps the code size fixed. */
function lzw(indices: number[]): Buffer {
  const clear = 4;
  const end = 5;
  const codes: number[] = [];
  for (let i = 0; i < indices.length; i += 2) codes.push(clear, ...indices.slice(i, i + 2));
  codes.push(end);
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const code of codes) {
    acc |= code << bits;
    bits += 3;
    while (bits >= 8) {
      bytes.push(acc & 0xff);
      acc >>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) bytes.push(acc & 0xff);
  const blocks: number[] = [2]; // minimum code size
  for (let i = 0; i < bytes.length; i += 255) {
    const chunk = bytes.slice(i, i + 255);
    blocks.push(chunk.length, ...chunk);
  }
  blocks.push(0);
  return Buffer.from(blocks);
}

/** 8×8, two frames (sky blue with a gold square, then gold with a sky-blue square), looping. */
export function fakeGifBytes(size = 8): Buffer {
  const le = (n: number) => [n & 0xff, (n >> 8) & 0xff];
  const frame = (inner: number, outer: number) => {
    const pixels: number[] = [];
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) pixels.push(x >= 2 && x < size - 2 && y >= 2 && y < size - 2 ? inner : outer);
    return Buffer.concat([
      Buffer.from([0x21, 0xf9, 0x04, 0x04, ...le(50), 0x00, 0x00]), // graphic control: keep frame, 0.5 s
      Buffer.from([0x2c, ...le(0), ...le(0), ...le(size), ...le(size), 0x00]), // image descriptor
      lzw(pixels),
    ]);
  };
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([...le(size), ...le(size), 0x91, 0x00, 0x00]), // global colour table of 4 entries
    Buffer.from([135, 206, 235, 255, 215, 0, 255, 255, 255, 0, 0, 0]), // sky blue, gold, white, black
    Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0', 'latin1'), 0x03, 0x01, 0x00, 0x00, 0x00]), // loop forever
    frame(1, 0),
    frame(0, 1),
    Buffer.from([0x3b]),
  ]);
}

// ---- The server ----

const responseId = () => Math.random().toString(16).slice(2, 14);

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'access-control-allow-origin': '*' });
  res.end(text);
}

const errorBody = (status: number, msg: string) => ({ data: [], meta: { status, msg, response_id: '' } });
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  414: 'URI Too Long',
  429: 'Too Many Requests',
  451: 'This content is not available in your location',
};
/** The categories: one per subject, named as Giphy names its own (capitalised, with a URL-safe twin). */
export const FAKE_GIPHY_CATEGORIES = SUBJECTS.map((subject) => ({ name: `${subject[0].toUpperCase()}${subject.slice(1)}`, name_encoded: subject, subject }));
/** Larger pingback bodies are refused (Giphy's batches are small). */
const PINGBACK_BODY_MAX = 256 * 1024;

function gifObject(entry: CatalogueEntry, origin: string) {
  const images: Record<string, Record<string, string>> = {};
  for (const [name, [file, width, height]] of Object.entries(RENDITIONS)) {
    images[name] = { url: `${origin}/media/${entry.id}/${file}?cid=fake&rid=${file}&ct=g`, width: String(width), height: String(height), size: '1234', mp4: `${origin}/media/${entry.id}/${file.replace('.gif', '.mp4')}`, webp: `${origin}/media/${entry.id}/${file.replace('.gif', '.webp')}`, frames: '2', hash: 'f4ke' };
  }
  return {
    type: 'gif',
    id: entry.id,
    url: `${origin}/gifs/${entry.slug}-${entry.id}`,
    slug: `${entry.slug}-${entry.id}`,
    bitly_gif_url: `https://gph.is/g/${entry.id}`,
    bitly_url: `https://gph.is/g/${entry.id}`,
    embed_url: `${origin}/embed/${entry.id}`,
    username: 'cloud9fake',
    source: 'https://example.com/source',
    title: entry.title,
    rating: entry.rating,
    content_url: '',
    source_tld: 'example.com',
    source_post_url: 'https://example.com/source',
    is_sticker: entry.isSticker ? 1 : 0,
    import_datetime: '2024-01-01 00:00:00',
    trending_datetime: '2024-01-02 00:00:00',
    images,
    user: { avatar_url: `${origin}/media/avatar.gif`, username: 'cloud9fake', display_name: 'Cloud 9 Fake', is_verified: false },
    analytics_response_payload: `e=fake-${entry.id}`,
    analytics: { onload: { url: `${origin}/pingback?e=load&id=${entry.id}` }, onclick: { url: `${origin}/pingback?e=click` }, onsent: { url: `${origin}/pingback?e=sent` } },
    alt_text: entry.title,
  };
}

/** Starts the fake on 127.0.0.1 and resolves once it listens. */
export async function startFakeGiphy(options: FakeGiphyOptions = {}): Promise<FakeGiphy> {
  const requests: FakeGiphyRequest[] = [];
  const pingbacks: FakeGiphyPingback[] = [];
  const gifBytes = fakeGifBytes();
  let failure: number | null = null;
  let delayMs = 0;
  let origin = '';

  const pageOf = (matches: CatalogueEntry[], query: Record<string, string>, res: ServerResponse) => {
    const limit = Math.min(Math.max(Number.parseInt(query.limit ?? '25', 10) || 25, 1), 50);
    const offset = Math.min(Math.max(Number.parseInt(query.offset ?? '0', 10) || 0, 0), 4999);
    const page = matches.slice(offset, offset + limit);
    send(res, 200, {
      data: page.map((e) => gifObject(e, origin)),
      pagination: { total_count: matches.length, count: page.length, offset },
      meta: { status: 200, msg: 'OK', response_id: responseId() },
    });
  };

  const api = (endpoint: string, query: Record<string, string>, res: ServerResponse) => {
    const key = query.api_key;
    if (!key) return send(res, 401, errorBody(401, 'No API key found in request.'));
    if (options.apiKey !== undefined && key !== options.apiKey) return send(res, 403, errorBody(403, 'Invalid authentication credentials'));
    if (failure !== null) return send(res, failure, errorBody(failure, STATUS_TEXT[failure] ?? 'Internal Server Error'));

    const rating = RATINGS.includes((query.rating ?? '').toLowerCase()) ? query.rating.toLowerCase() : 'r';
    const allowed = (entry: CatalogueEntry) => RATINGS.indexOf(entry.rating) <= RATINGS.indexOf(rating);
    const titled = (words: string[]) => (e: CatalogueEntry) => words.every((w) => e.title.toLowerCase().includes(w));
    const meta = { status: 200, msg: 'OK', response_id: responseId() };
    switch (endpoint) {
      case 'gifs/search': {
        const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        if (!words.length) return send(res, 400, errorBody(400, 'Please supply a search term (q).'));
        return pageOf(FAKE_GIPHY_CATALOGUE.filter((e) => allowed(e) && titled(words)(e)), query, res);
      }
      case 'gifs/trending':
        return pageOf(FAKE_GIPHY_CATALOGUE.filter(allowed).sort((a, b) => a.trendingRank - b.trendingRank), query, res);
      case 'gifs/related': {
        // Related: the other GIFs of the same subject (the last word of the title before "GIF").
        const source = FAKE_GIPHY_CATALOGUE.find((e) => e.id === query.gif_id);
        if (!query.gif_id) return send(res, 400, errorBody(400, 'Please supply a gif_id.'));
        const subject = source ? source.title.split(' ').at(-2)! : null;
        return pageOf(source ? FAKE_GIPHY_CATALOGUE.filter((e) => e.id !== source.id && allowed(e) && e.title.split(' ').at(-2) === subject) : [], query, res);
      }
      case 'emoji':
        // Giphy's emoji are stickers and carry no rating filter.
        return pageOf(FAKE_GIPHY_CATALOGUE.filter((e) => e.isSticker), query, res);
      case 'gifs/random': {
        const words = (query.tag ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        const matches = FAKE_GIPHY_CATALOGUE.filter((e) => allowed(e) && titled(words)(e));
        // Giphy answers an empty list, not an object, when nothing matches the tag.
        if (!matches.length) return send(res, 200, { data: [], meta });
        return send(res, 200, { data: gifObject(matches[Math.floor(Math.random() * matches.length)], origin), meta });
      }
      case 'gifs/categories':
        return send(res, 200, {
          data: FAKE_GIPHY_CATEGORIES.map((c) => ({
            name: c.name,
            name_encoded: c.name_encoded,
            subcategories: [{ name: `${c.name} reactions`, name_encoded: `${c.name_encoded}-reactions` }],
            gif: gifObject(FAKE_GIPHY_CATALOGUE.find((e) => e.title.toLowerCase().includes(c.subject))!, origin),
          })),
          pagination: { total_count: FAKE_GIPHY_CATEGORIES.length, count: FAKE_GIPHY_CATEGORIES.length, offset: 0 },
          meta,
        });
      default:
        return send(res, 404, errorBody(404, 'Not Found'));
    }
  };

  /** Giphy's pingback service: POST /v2/pingback?apikey=… with `{ events: [...] }`. */
  const pingback = (req: IncomingMessage, res: ServerResponse, query: Record<string, string>) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= PINGBACK_BODY_MAX) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > PINGBACK_BODY_MAX) return send(res, 413, errorBody(413, 'Payload Too Large'));
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(res, 400, errorBody(400, 'Bad Request'));
      }
      const events = (body as { events?: unknown }).events;
      if (!Array.isArray(events)) return send(res, 400, errorBody(400, 'Bad Request'));
      const record = () => {
        pingbacks.push({ apiKey: query.apikey ?? null, events, at: Date.now() });
        res.writeHead(200, { 'content-length': 0 });
        res.end();
      };
      if (delayMs <= 0) return record();
      // A slow pingback service: a caller that gives up first leaves nothing recorded.
      const timer = setTimeout(record, delayMs);
      res.on('close', () => clearTimeout(timer));
    });
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    const query = Object.fromEntries(url.searchParams.entries());
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query });
    if (req.method === 'POST' && url.pathname === '/v2/pingback') return pingback(req, res, query);
    // For the browser tests, whose fake lives in another process: ?status=451 (empty restores).
    if (req.method === 'POST' && url.pathname === '/__fake/failure') {
      failure = /^\d{3}$/.test(query.status ?? '') ? Number(query.status) : null;
      return send(res, 200, { failure });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, errorBody(405, 'Method Not Allowed'));
    // For the browser tests, whose fake lives in another process.
    if (url.pathname === '/__fake/pingbacks') return send(res, 200, pingbacks);

    const endpoint = /^\/v1\/(gifs\/(?:search|trending|related|random|categories)|emoji)\/?$/.exec(url.pathname);
    if (endpoint) {
      if (delayMs > 0) {
        const timer = setTimeout(() => api(endpoint[1], query, res), delayMs);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      return api(endpoint[1], query, res);
    }

    const media = /^\/media\/([a-z0-9]+)\/([\w.-]+)$/.exec(url.pathname);
    if (media && FAKE_GIPHY_CATALOGUE.some((e) => e.id === media[1]) && MEDIA_FILES.has(media[2])) {
      res.writeHead(200, { 'content-type': 'image/gif', 'content-length': gifBytes.length, 'cache-control': 'public, max-age=86400', 'access-control-allow-origin': '*' });
      res.end(req.method === 'HEAD' ? undefined : gifBytes);
      return;
    }
    send(res, 404, errorBody(404, 'Not Found'));
  };

  const server = createServer(handle);
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    baseUrl: `${origin}/v1`,
    pingbackUrl: origin,
    pingbacks,
    mediaHost: `127.0.0.1:${port}`,
    requests,
    setFailure: (status) => void (failure = status),
    setDelay: (ms) => void (delayMs = Math.max(0, ms)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
