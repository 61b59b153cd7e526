import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import zlib from 'node:zlib';
import { FETCH_TIMEOUT_MS, FetchRefused, fetchImage, fetchPage, IMAGE_MAX_BYTES, PAGE_MAX_BYTES, type PublicFetchOptions, type RefusalReason } from './public-fetch';

// Real servers on loopback, and megabytes read: beside the other lanes of `npm test` (niced) a test
// can take many times its quiet-machine time. No bound here is a speed target.
jest.setTimeout(30_000);

/** A loopback server for one test, with the sockets it holds open: the fetcher must have closed its own by the end. */
interface Site {
  origin: string;
  port: number;
  open: Set<Socket>;
  server: http.Server;
}

const sites: Site[] = [];

async function serve(handler: http.RequestListener): Promise<Site> {
  const server = http.createServer(handler);
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const site = { origin: `http://127.0.0.1:${port}`, port, open, server };
  sites.push(site);
  return site;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  for (const site of sites.splice(0)) {
    // The server's side of a socket closes as soon as it sees the fetcher's side close.
    for (let waited = 0; site.open.size && waited < 1000; waited += 10) await sleep(10);
    const leaked = site.open.size;
    site.server.closeAllConnections();
    await new Promise((resolve) => site.server.close(resolve));
    expect(leaked).toBe(0);
  }
});

async function refusal(work: Promise<unknown>): Promise<RefusalReason> {
  try {
    await work;
  } catch (error) {
    if (error instanceof FetchRefused) return error.reason;
    throw error;
  }
  throw new Error('was not refused');
}

const html = (res: http.ServerResponse, body: string | Buffer, type = 'text/html; charset=utf-8') => {
  res.writeHead(200, { 'content-type': type });
  res.end(body);
};

/** Writes to the response for as long as the client reads, never ending; counts what it wrote. */
function endless(res: http.ServerResponse, type: string, written: { bytes: number }) {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  res.writeHead(200, { 'content-type': type });
  const pump = () => {
    while (!res.destroyed && res.write(chunk)) written.bytes += chunk.length;
  };
  res.on('drain', pump);
  pump();
}

const open: PublicFetchOptions = { allowPrivate: true };
const MB = 1024 * 1024;

describe('fetchPage, loopback allowed (LINK_CARDS_ALLOW_PRIVATE)', () => {
  it('fetches a page as text, asking for HTML (gzip or br), with its final URL', async () => {
    let headers: http.IncomingHttpHeaders = {};
    const site = await serve((req, res) => {
      headers = req.headers;
      html(res, '<html><head><title>Hello 👋</title></head></html>');
    });
    await expect(fetchPage(`${site.origin}/a?b=1`, open)).resolves.toEqual({ url: `${site.origin}/a?b=1`, html: '<html><head><title>Hello 👋</title></head></html>' });
    expect(headers).toMatchObject({ accept: 'text/html,application/xhtml+xml;q=0.9', 'accept-encoding': 'gzip, br', 'user-agent': expect.stringContaining('Cloud9LinkCards') });
  });

  it('reads the charset from the header, else from a <meta> near the top, else as UTF-8', async () => {
    const latin1 = (text: string) => Buffer.from(text, 'latin1');
    const site = await serve((req, res) => {
      // Latin-1 labels are read as Windows-1252, as browsers do: 0x80 is the euro sign.
      if (req.url === '/header') html(res, latin1('<title>Café \x80</title>'), 'text/html; charset="ISO-8859-1"');
      else if (req.url === '/meta') html(res, latin1('<html><head><meta charset="windows-1252"><title>Caf\xe9 \x93quoted\x94</title>'), 'text/html');
      else if (req.url === '/http-equiv') html(res, latin1('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><title>Café</title>'), 'text/html');
      else if (req.url === '/unknown') html(res, '<title>Café</title>', 'text/html; charset=x-made-up');
      else html(res, '<title>Café</title>', 'text/html');
    });
    const text = async (path: string) => (await fetchPage(`${site.origin}${path}`, open)).html;
    expect(await text('/header')).toBe('<title>Café €</title>');
    expect(await text('/meta')).toContain('<title>Café “quoted”</title>');
    expect(await text('/http-equiv')).toContain('<title>Café</title>');
    expect(await text('/unknown')).toBe('<title>Café</title>');
    expect(await text('/utf8')).toBe('<title>Café</title>');
  });

  it('reads gzip, br and deflate answers', async () => {
    const page = '<title>compressed</title>'.repeat(100);
    const site = await serve((req, res) => {
      const coding = req.url!.slice(1);
      const encode = { gzip: zlib.gzipSync, br: zlib.brotliCompressSync, deflate: zlib.deflateSync }[coding]!;
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': coding });
      res.end(encode(page));
    });
    for (const coding of ['gzip', 'br', 'deflate']) expect((await fetchPage(`${site.origin}/${coding}`, open)).html).toBe(page);
  });

  it('takes application/xhtml+xml; refuses any other type, or none, as not-html', async () => {
    const site = await serve((req, res) => {
      if (req.url === '/none') {
        res.removeHeader('content-type');
        res.end('<title>x</title>');
      } else html(res, '<title>x</title>', decodeURIComponent(req.url!.slice(1)));
    });
    expect((await fetchPage(`${site.origin}/${encodeURIComponent('application/xhtml+xml')}`, open)).html).toBe('<title>x</title>');
    for (const type of ['application/json', 'text/plain', 'image/svg+xml', 'text/htmlx']) {
      expect([type, await refusal(fetchPage(`${site.origin}/${encodeURIComponent(type)}`, open))]).toEqual([type, 'not-html']);
    }
    expect(await refusal(fetchPage(`${site.origin}/none`, open))).toBe('not-html');
  });

  it('refuses an answer that is not 2xx', async () => {
    const site = await serve((req, res) => {
      res.writeHead(Number(req.url!.slice(1)), { 'content-type': 'text/html' });
      res.end('<title>error page</title>');
    });
    for (const status of [404, 410, 500, 304, 300]) {
      expect([status, await refusal(fetchPage(`${site.origin}/${status}`, open))]).toEqual([status, 'status']);
    }
  });

  it('follows each kind of redirect (301, 302, 303, 307, 308), to a relative or an absolute Location', async () => {
    const site = await serve((req, res) => {
      const [, status, form] = /^\/(\d+)\/(\w+)$/.exec(req.url!) ?? [];
      if (!status) return html(res, `<title>${req.url}</title>`);
      res.writeHead(Number(status), { location: form === 'relative' ? '../landed' : `${site.origin}/landed` });
      res.end();
    });
    for (const status of [301, 302, 303, 307, 308]) {
      for (const form of ['relative', 'absolute']) {
        expect(await fetchPage(`${site.origin}/${status}/${form}`, open)).toEqual({ url: `${site.origin}/landed`, html: '<title>/landed</title>' });
      }
    }
  });

  it('follows at most 3 redirects and refuses the 4th', async () => {
    let requests = 0;
    const site = await serve((req, res) => {
      requests++;
      const left = Number(req.url!.slice(1));
      if (!left) return html(res, '<title>landed</title>');
      res.writeHead(302, { location: `/${left - 1}` });
      res.end();
    });
    await expect(fetchPage(`${site.origin}/3`, open)).resolves.toEqual({ url: `${site.origin}/0`, html: '<title>landed</title>' });
    expect(requests).toBe(4);
    requests = 0;
    expect(await refusal(fetchPage(`${site.origin}/4`, open))).toBe('too-many-redirects');
    expect(requests).toBe(4);
  });

  it('refuses a redirect without a Location, or to what is not a URL or not http(s)', async () => {
    const site = await serve((req, res) => {
      const location = { '/none': undefined, '/bad': 'http://exa mple.com/', '/file': 'file:///etc/passwd' }[req.url!];
      res.writeHead(302, location ? { location } : {});
      res.end();
    });
    expect(await refusal(fetchPage(`${site.origin}/none`, open))).toBe('status');
    expect(await refusal(fetchPage(`${site.origin}/bad`, open))).toBe('invalid-url');
    expect(await refusal(fetchPage(`${site.origin}/file`, open))).toBe('scheme');
  });

  it('takes a page of exactly 1 MB and refuses one byte more', async () => {
    const site = await serve((req, res) => html(res, Buffer.alloc(PAGE_MAX_BYTES + (req.url === '/over' ? 1 : 0), 'a')));
    expect(PAGE_MAX_BYTES).toBe(MB);
    expect((await fetchPage(`${site.origin}/exact`, open)).html).toHaveLength(MB);
    expect(await refusal(fetchPage(`${site.origin}/over`, open))).toBe('too-large');
  });

  it('stops reading an endless page past 1 MB and closes the connection', async () => {
    const written = { bytes: 0 };
    let closed = false;
    const site = await serve((_req, res) => {
      res.on('close', () => (closed = true));
      endless(res, 'text/html', written);
    });
    expect(await refusal(fetchPage(site.origin, open))).toBe('too-large');
    for (let waited = 0; !closed && waited < 1000; waited += 10) await sleep(10);
    expect(closed).toBe(true);
    // What the server got out before it saw the close: 1 MB read, the rest in the sockets' buffers.
    expect(written.bytes).toBeLessThan(32 * MB);
  });

  it('refuses a declared length over 1 MB before reading any of it', async () => {
    const site = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(2 * MB) });
      res.flushHeaders(); // and never a byte of the body: only the header can refuse it in time
    });
    expect(await refusal(fetchPage(site.origin, { ...open, timeoutMs: 3000 }))).toBe('too-large');
  });

  it('counts the limit on decoded bytes: a small gzip of 5 MB is refused', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(5 * MB, ' '));
    expect(bomb.length).toBeLessThan(10 * 1024);
    const site = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': String(bomb.length) });
      res.end(bomb);
    });
    expect(await refusal(fetchPage(site.origin, open))).toBe('too-large');
  });

  it('gives up at the deadline (5 s by default) on a server that never answers', async () => {
    expect(FETCH_TIMEOUT_MS).toBe(5000);
    const site = await serve(() => {});
    const started = Date.now();
    expect(await refusal(fetchPage(site.origin, { ...open, timeoutMs: 300 }))).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('gives up at the deadline on a body that trickles in: one deadline for the whole fetch, not an idle timer', async () => {
    const site = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const drip = setInterval(() => res.write('.'), 20);
      res.on('close', () => clearInterval(drip));
    });
    expect(await refusal(fetchPage(site.origin, { ...open, timeoutMs: 300 }))).toBe('timeout');
  });

  it('the deadline covers resolving the name and every redirect', async () => {
    const never = () => new Promise<LookupAddress[]>(() => {});
    expect(await refusal(fetchPage('http://slow-dns.example/', { ...open, timeoutMs: 100, resolve: never }))).toBe('timeout');
    const site = await serve((req, res) => {
      // Each hop takes 120 ms: the third passes a 300 ms deadline.
      const answer = setTimeout(() => {
        res.writeHead(302, { location: `/${Number(req.url!.slice(1)) + 1}` });
        res.end();
      }, 120);
      res.on('close', () => clearTimeout(answer));
    });
    expect(await refusal(fetchPage(`${site.origin}/0`, { ...open, timeoutMs: 300 }))).toBe('timeout');
  });

  it('refuses as network what fails on the way: no server, a cut body, an unknown coding, a name with no address', async () => {
    const gone = await serve(() => {});
    const port = gone.port;
    await new Promise((resolve) => gone.server.close(resolve));
    expect(await refusal(fetchPage(`http://127.0.0.1:${port}/`, open))).toBe('network');
    const site = await serve((req, res) => {
      if (req.url === '/cut') {
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': '1000' });
        res.write('<title>half', () => res.destroy());
      } else {
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'compress' });
        res.end('<title>x</title>');
      }
    });
    expect(await refusal(fetchPage(`${site.origin}/cut`, open))).toBe('network');
    expect(await refusal(fetchPage(`${site.origin}/compress`, open))).toBe('network');
    expect(await refusal(fetchPage('http://nowhere.example/', { ...open, resolve: async () => [] }))).toBe('network');
    const notFound = async () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' }));
    expect(await refusal(fetchPage('http://nowhere.example/', { ...open, resolve: notFound }))).toBe('network');
  });
});

describe('fetchImage', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

  it('fetches an image/* answer, asking for images, with its type', async () => {
    let accept: string | undefined;
    const site = await serve((req, res) => {
      accept = req.headers.accept;
      res.writeHead(200, { 'content-type': req.url === '/big' ? 'image/jpeg' : 'IMAGE/PNG; foo=bar' });
      res.end(req.url === '/big' ? Buffer.alloc(2 * MB) : png);
    });
    await expect(fetchImage(`${site.origin}/a.png`, open)).resolves.toEqual({ url: `${site.origin}/a.png`, contentType: 'image/png', body: png });
    expect(accept).toBe('image/*');
    // Over a page's limit, well under an image's default 5 MB.
    expect((await fetchImage(`${site.origin}/big`, open)).body).toHaveLength(2 * MB);
  });

  it('refuses what is not image/* as not-image', async () => {
    const site = await serve((_req, res) => html(res, '<title>not an image</title>'));
    expect(await refusal(fetchImage(site.origin, open))).toBe('not-image');
  });

  it('refuses more than the caller allows, and more than 5 MB by default', async () => {
    const written = { bytes: 0 };
    const site = await serve((req, res) => {
      if (req.url === '/endless') return endless(res, 'image/png', written);
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(IMAGE_MAX_BYTES + 1) });
      res.flushHeaders();
    });
    expect(IMAGE_MAX_BYTES).toBe(5 * MB);
    expect(await refusal(fetchImage(`${site.origin}/small`, { ...open, maxBytes: 10 }))).toBe('too-large');
    expect(await refusal(fetchImage(`${site.origin}/declared`, { ...open, timeoutMs: 3000 }))).toBe('too-large');
    expect(await refusal(fetchImage(`${site.origin}/endless`, { ...open, maxBytes: 100 * 1024 }))).toBe('too-large');
  });
});

describe('the address policy (LINK_CARDS_ALLOW_PRIVATE off)', () => {
  /** A resolver that must not be asked: the URL alone refuses these. */
  const unasked = () => {
    throw new Error('resolved a name the URL alone refuses');
  };
  const strict: PublicFetchOptions = { resolve: unasked, timeoutMs: 1000 };
  const answers = (...addresses: string[]) => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it.each([
    'http://127.0.0.1/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.1/', 'https://192.168.1.1/',
    'http://0.0.0.0/', 'http://2130706433/', 'http://0x7f.1/', 'http://[fd00:ec2::254]/latest/meta-data', 'http://[64:ff9b::a9fe:a9fe]/', 'http://[2002:a9fe:a9fe::]/',
    'http://localhost/', 'http://a.localhost/', 'http://intranet/', 'http://metadata.google.internal/computeMetadata/v1/', 'http://printer.local/',
  ])('refuses %s as private-address, without resolving', async (url) => {
    expect(await refusal(fetchPage(url, strict))).toBe('private-address');
    expect(await refusal(fetchImage(url, strict))).toBe('private-address');
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'gopher://example.com/', 'data:text/html,<title>x</title>', 'javascript:alert(1)'])('refuses %s as scheme', async (url) => {
    expect(await refusal(fetchPage(url, strict))).toBe('scheme');
  });

  it.each(['http://example.com:22/', 'https://example.com:8443/', 'http://example.com:0/', 'http://8.8.8.8:6379/'])('refuses %s as port', async (url) => {
    expect(await refusal(fetchPage(url, strict))).toBe('port');
  });

  it('takes ports 80 and 443 on either scheme (the resolver is asked, and here refuses)', async () => {
    for (const url of ['http://example.com:443/', 'https://example.com:80/', 'http://example.com:80/', 'https://example.com/']) {
      expect([url, await refusal(fetchPage(url, { resolve: answers('127.0.0.1') }))]).toEqual([url, 'private-address']);
    }
  });

  it('refuses credentials in the URL and what is not a URL as invalid-url', async () => {
    expect(await refusal(fetchPage('http://user:pw@example.com/', strict))).toBe('invalid-url');
    expect(await refusal(fetchPage('http://user@example.com/', strict))).toBe('invalid-url');
    expect(await refusal(fetchPage('example.com', strict))).toBe('invalid-url');
    expect(await refusal(fetchPage('', strict))).toBe('invalid-url');
  });

  it('refuses a name that resolves to any address that is not public, before connecting', async () => {
    for (const resolve of [answers('127.0.0.1'), answers('8.8.8.8', '10.0.0.1'), answers('10.0.0.1', '8.8.8.8'), answers('2606:4700::1111', '::ffff:169.254.169.254'), answers('fe80::1')]) {
      expect(await refusal(fetchPage('http://rebinding.example/', { resolve }))).toBe('private-address');
    }
  });

  describe('with the test seam: one exempt address and port', () => {
    /** A site whose / redirects to ?to=, and whose /page is a page. */
    async function redirecting() {
      const seen: string[] = [];
      const site = await serve((req, res) => {
        seen.push(`${req.headers.host}${req.url}`);
        const to = new URL(req.url!, 'http://x').searchParams.get('to');
        if (to) {
          res.writeHead(302, { location: to });
          res.end();
        } else html(res, '<title>page</title>');
      });
      return { site, seen, exempt: { address: '127.0.0.1', port: site.port } };
    }

    it('reaches the exempt loopback server with the policy on', async () => {
      const { site, exempt } = await redirecting();
      expect((await fetchPage(`${site.origin}/page`, { exempt })).html).toBe('<title>page</title>');
    });

    it('judges a redirect from it by the real policy: the metadata service, loopback on 80, ::1, a local name, another port', async () => {
      const { site, exempt } = await redirecting();
      const via = (to: string) => fetchPage(`${site.origin}/?to=${encodeURIComponent(to)}`, { exempt, resolve: unasked });
      expect(await refusal(via('http://169.254.169.254/latest/meta-data'))).toBe('private-address');
      expect(await refusal(via('http://127.0.0.1/'))).toBe('private-address');
      expect(await refusal(via(`http://[::1]:${site.port}/page`))).toBe('private-address');
      expect(await refusal(via(`http://localhost:${site.port}/page`))).toBe('private-address');
      expect(await refusal(via(`http://127.0.0.1:${site.port + 1}/page`))).toBe('port');
    });

    it('exempts the pair only: a public address on the exempt port is still refused', async () => {
      const { site, exempt } = await redirecting();
      expect(await refusal(fetchPage(`http://cdn.example:${site.port}/page`, { exempt, resolve: answers('8.8.8.8') }))).toBe('port');
    });

    it('connects to the address it checked: one resolution, whatever the name answers next', async () => {
      const { site, exempt, seen } = await redirecting();
      // A rebinding name: the checked answer once, then the metadata service.
      const resolve = jest
        .fn<Promise<LookupAddress[]>, [string]>()
        .mockResolvedValueOnce([{ address: '127.0.0.1', family: 4 }])
        .mockResolvedValue([{ address: '169.254.169.254', family: 4 }]);
      await expect(fetchPage(`http://rebind.example:${site.port}/page`, { exempt, resolve })).resolves.toEqual({ url: `http://rebind.example:${site.port}/page`, html: '<title>page</title>' });
      expect(resolve.mock.calls).toEqual([['rebind.example']]);
      expect(seen).toEqual([`rebind.example:${site.port}/page`]);
    });

    it('resolves again for each redirect, and judges that answer', async () => {
      const { site, exempt, seen } = await redirecting();
      const resolve = jest
        .fn<Promise<LookupAddress[]>, [string]>()
        .mockResolvedValueOnce([{ address: '127.0.0.1', family: 4 }])
        .mockResolvedValueOnce([{ address: '127.0.0.1', family: 4 }])
        .mockResolvedValue([{ address: '169.254.169.254', family: 4 }]);
      const origin = `http://rebind.example:${site.port}`;
      const twice = `${origin}/?to=${encodeURIComponent(`${origin}/page`)}`;
      await expect(fetchPage(twice, { exempt, resolve })).resolves.toEqual({ url: `${origin}/page`, html: '<title>page</title>' });
      expect(resolve).toHaveBeenCalledTimes(2);
      expect(seen).toEqual([`rebind.example:${site.port}/?to=${encodeURIComponent(`${origin}/page`)}`, `rebind.example:${site.port}/page`]);
      // The next time the name answers the metadata service: the first hop is refused.
      expect(await refusal(fetchPage(twice, { exempt, resolve }))).toBe('private-address');
    });
  });
});
