import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchPage } from '../../common/net/public-fetch';
import { CARD_RULES, firstLink, readCard } from './open-graph';

// Real servers on loopback, and megabytes read: beside the other lanes of `npm test` (niced) a test
// can take many times its quiet-machine time. No bound here is a speed target.
jest.setTimeout(30_000);

const PAGE = 'https://news.example/articles/1';

describe('readCard', () => {
  it('reads og:* first, over twitter:* and the document title and description', () => {
    const html = `<!doctype html><html><head>
      <title>Document title</title>
      <meta name="description" content="Document description">
      <meta name="twitter:title" content="Twitter title"><meta name="twitter:description" content="Twitter description"><meta name="twitter:image" content="/t.png">
      <meta property="og:title" content="OG title"><meta property="og:description" content="OG description">
      <meta property="og:image" content="https://cdn.example/og.png"><meta property="og:site_name" content="The News">
      <meta property="og:url" content="https://elsewhere.example/">
    </head><body></body></html>`;
    expect(readCard(html, PAGE)).toEqual({ url: PAGE, title: 'OG title', description: 'OG description', image: 'https://cdn.example/og.png', siteName: 'The News' });
  });

  it('falls back to twitter:*, then to <title> and <meta name="description">', () => {
    const twitter = '<title>Document</title><meta name="description" content="Doc"><meta name="twitter:title" content="Tw"><meta name="twitter:description" content="Tw text"><meta name="twitter:image:src" content="t.png">';
    expect(readCard(twitter, PAGE)).toEqual({ url: PAGE, title: 'Tw', description: 'Tw text', image: 'https://news.example/articles/t.png', siteName: null });
    expect(readCard('<title>Document</title><meta name="description" content="Doc">', PAGE)).toEqual({ url: PAGE, title: 'Document', description: 'Doc', image: null, siteName: null });
    // An empty og:title is no title: the next source is read.
    expect(readCard('<meta property="og:title" content="  "><title>Document</title>', PAGE)?.title).toBe('Document');
  });

  it('is null without any title', () => {
    expect(readCard('<meta property="og:description" content="only a description"><meta property="og:image" content="/a.png">', PAGE)).toBeNull();
    expect(readCard('<title> \n </title>', PAGE)).toBeNull();
    expect(readCard('', PAGE)).toBeNull();
    expect(readCard('just text, no markup', PAGE)).toBeNull();
  });

  it('resolves the image against the page address and keeps only http(s) ones', () => {
    const image = (content: string, page = PAGE) => readCard(`<title>t</title><meta property="og:image" content="${content}">`, page)?.image;
    expect(image('cover.png')).toBe('https://news.example/articles/cover.png');
    expect(image('../img/a.png?w=1&amp;h=2')).toBe('https://news.example/img/a.png?w=1&h=2');
    expect(image('//cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(image('//cdn.example/a.png', 'http://news.example/')).toBe('http://cdn.example/a.png');
    expect(image(' https://cdn.example/a b.png ')).toBe('https://cdn.example/a%20b.png');
    expect(image('data:image/png;base64,iVBORw0KGgo=')).toBeNull();
    expect(image('javascript:alert(1)')).toBeNull();
    expect(image('ftp://files.example/a.png')).toBeNull();
    expect(image('http://[bad/a.png')).toBeNull();
    expect(image(`https://cdn.example/${'a'.repeat(CARD_RULES.imageUrlMax)}.png`)).toBeNull();
    // A refused og:image leaves the place to the next one.
    expect(readCard('<title>t</title><meta property="og:image" content="data:,x"><meta name="twitter:image" content="/tw.png">', PAGE)?.image).toBe('https://news.example/tw.png');
  });

  it('decodes references: named, numeric with or without `;`, Windows-1252 for 128 to 159, U+FFFD for what is no character', () => {
    const title = (text: string) => readCard(`<title>${text}</title>`, PAGE)?.title;
    expect(title('Tom &amp; Jerry &lt;3 &quot;x&quot; &apos;y&#39; caf&eacute; &Eacute;t&eacute; &mdash; &hellip; &euro;5 &rsquo;')).toBe('Tom & Jerry <3 "x" \'y\' café Été — … €5 ’');
    expect(title('&#233;&#xE9;&#XE9;&#233 &#x1F600;')).toBe('éééé 😀');
    expect(title('&#147;quoted&#148; &#128;')).toBe('“quoted” €');
    expect(title('a&#0;b&#xD800;c&#x110000;d&#99999999999;')).toBe('a\ufffdb\ufffdc\ufffdd\ufffd');
    expect(title('&madeup; &copy &amp;amp; AT&T')).toBe('&madeup; &copy &amp; AT&T');
  });

  it('collapses whitespace and control characters to single spaces, trims', () => {
    expect(readCard('<title>\n  A\ttitle\r\n  on\u00a0lines \u0000\u0007\u009b </title>', PAGE)?.title).toBe('A title on lines');
    expect(readCard('<title>bell\u0007and\u001bescape\u0085next</title>', PAGE)?.title).toBe('bell and escape next');
    expect(readCard('<title>t</title><meta property="og:description" content="  one&#10;two&nbsp;&nbsp;three  ">', PAGE)?.description).toBe('one two three');
  });

  it('cuts the title at 200, the description at 500, the site name at 100 code points', () => {
    const long = (n: number) => '😀'.repeat(n);
    const card = readCard(`<meta property="og:title" content="${long(250)}"><meta property="og:description" content="${long(600)}"><meta property="og:site_name" content="${long(150)}">`, PAGE)!;
    expect([Array.from(card.title).length, Array.from(card.description!).length, Array.from(card.siteName!).length]).toEqual([200, 500, 100]);
    expect(card.title).toBe(long(200));
    // Cut, then trimmed: no space left dangling where the cut fell.
    expect(readCard(`<title>${'a'.repeat(199)} b</title>`, PAGE)?.title).toBe('a'.repeat(199));
  });

  it('reads attributes as HTML does: any case, any order, quoted either way or not, `>` inside quotes, name= for og:*, first one kept', () => {
    const html = `<META CONTENT='Single "quoted"' PROPERTY="OG:TITLE"><meta property=og:site_name content=Unquoted>
      <meta property="og:description" content="a > b, still inside"><meta name="og:image" content="/by-name.png">
      <meta property="og:title" content="second og:title, ignored">`;
    expect(readCard(html, PAGE)).toEqual({ url: PAGE, title: 'Single "quoted"', description: 'a > b, still inside', image: 'https://news.example/by-name.png', siteName: 'Unquoted' });
  });

  it('does not read markup that is not markup: comments, scripts, styles, an <svg>`s <title>', () => {
    const html = `<!-- <meta property="og:title" content="in a comment"> --><!--><!--->
      <script>document.write('<meta property="og:title" content="in a script">'); if (a<b) {}</script>
      <style>/* <title>in a style</title> */</style>
      <svg viewBox="0 0 1 1"><title>Close icon</title></svg><svg/>
      <title>Real &lt;b&gt;title&lt;/b&gt; with <b> inside</title>
      <textarea><meta property="og:description" content="in a textarea"></textarea>`;
    expect(readCard(html, PAGE)).toEqual({ url: PAGE, title: 'Real <b>title</b> with <b> inside', description: null, image: null, siteName: null });
  });

  it('keeps what came before a tag or a quote the document never closes', () => {
    expect(readCard('<title>Kept</title><meta property="og:title" content="never closed>', PAGE)?.title).toBe('Kept');
    expect(readCard('<meta property="og:title" content="Kept"><meta property="og:description"', PAGE)).toMatchObject({ title: 'Kept', description: null });
    expect(readCard('<title>Runs to the end', PAGE)?.title).toBe('Runs to the end');
  });

  it('reads a megabyte of hostile markup to its end (quadratic scanning would not end within the test)', () => {
    const MB = 1024 * 1024;
    const hostile = ['<a b="', '<a ', '<!--', '<script>', '<', '<meta content=x ', '&#', '<title>&amp'].map((piece) => piece.repeat(Math.ceil(MB / piece.length)));
    for (const html of hostile) expect(() => readCard(html, PAGE)).not.toThrow();
  });

  it('reads the card of a page fetched through redirects, its image resolved against the final address', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/share/1') {
        res.writeHead(301, { location: '/articles/1' });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><head><meta property="og:title" content="Fetched"><meta property="og:image" content="cover.png"></head></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const page = await fetchPage(`${origin}/share/1`, { allowPrivate: true });
      expect(readCard(page.html, page.url)).toEqual({ url: `${origin}/articles/1`, title: 'Fetched', description: null, image: `${origin}/articles/cover.png`, siteName: null });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('firstLink', () => {
  it.each([
    ['see https://example.com/a.', 'https://example.com/a'],
    ['first http://one.example/x, then https://two.example/', 'http://one.example/x'],
    ['(via https://example.com/a)', 'https://example.com/a'],
    ['https://en.wikipedia.org/wiki/Foo_(bar), said Bob', 'https://en.wikipedia.org/wiki/Foo_(bar)'],
    ['"https://example.com/q?a=1&b=2"!', 'https://example.com/q?a=1&b=2'],
    ['HTTPS://Example.com/Path…', 'HTTPS://Example.com/Path'],
  ])('%s links %s', (text, link) => {
    expect(firstLink(text)).toBe(link);
  });

  it.each(['no link here', 'example.com without a scheme', 'ftp://files.example/a', 'mailto:bob@example.com', 'https://', 'xhttps://example.com/', '@bob #tag'])('%s has none', (text) => {
    expect(firstLink(text)).toBeNull();
  });
});
