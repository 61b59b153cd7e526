import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { rawRequest } from '../../backend/test/support/raw-http';
import { baseUrl } from './support';

const dist = path.resolve(__dirname, '../dist');
/** What the build compresses (vite-plugin-compression2 in vite.config.ts): text of 1 KB or more. */
const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|xml)$/;
const THRESHOLD = 1024;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));

/** A GET of the running built app, the bytes as they came over the wire. */
const get = (url: string, headers: Record<string, string>) => rawRequest(new URL(url, baseUrl()), headers);

describe('the build (npm run build)', () => {
  it('writes a brotli and a gzip copy beside every text file of 1 KB or more, each decoding to the file', () => {
    const compressible = filesUnder(dist).filter((file) => COMPRESSIBLE.test(file) && statSync(file).size >= THRESHOLD);
    expect(compressible.some((file) => /[/\\]assets[/\\]index-[\w-]+\.js$/.test(file))).toBe(true);
    for (const file of compressible) {
      const original = readFileSync(file);
      const br = readFileSync(`${file}.br`);
      const gz = readFileSync(`${file}.gz`);
      expect({ file, br: brotliDecompressSync(br).equals(original), gz: gunzipSync(gz).equals(original) }).toEqual({ file, br: true, gz: true });
      expect(br.length).toBeLessThan(original.length);
    }
  });

  it('is served from its pre-compressed copies: the entry script as its .br file, immutable; the shell revalidated', async () => {
    const entry = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(path.join(dist, 'index.html'), 'utf8'))?.[1];
    expect(entry).toBeDefined();
    const script = await get(entry!, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(script.status).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers.vary).toMatch(/accept-encoding/i);
    expect(script.body.equals(readFileSync(path.join(dist, `${entry}.br`)))).toBe(true);

    const shell = await get('/', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(shell.status).toBe(200);
    expect(shell.headers['cache-control']).toBe('no-cache');
    const again = await get('/', { 'Accept-Encoding': 'gzip, deflate, br', 'If-None-Match': String(shell.headers.etag) });
    expect(again.status).toBe(304);
  });
});
