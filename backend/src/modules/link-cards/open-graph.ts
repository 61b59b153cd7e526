import { parseRichText } from '@cloud9/contracts';
import { WINDOWS_1252_C1 } from '../../common/net/public-fetch';

/**
 * A link card read from a page: Open Graph's `og:*` first, then Twitter's `twitter:*`, then the
 * document's own `<title>` and `<meta name="description">`. The page is hostile text: it is scanned
 * once, left to right (no backtracking pattern over it, so a megabyte of crafted markup costs a
 * megabyte of work), what it says is decoded, its whitespace and control characters collapsed to
 * single spaces, and every field is cut to a length a card can show.
 *
 * The scanner is a small one rather than htmlparser2 or parse5: both are in node_modules only as the
 * dev tools' dependencies, and declaring either would change the lockfile. It knows what a card needs
 * from HTML's tokenizer: comments, quoted attributes (a `>` inside one does not end the tag), elements
 * whose content is text (a `<meta>` in a script's string is not one), and `<svg>`'s own `<title>`s.
 */

export interface LinkCard {
  /** The page's address after redirects: what the card links to (never the page's own `og:url`, which could name another site). */
  url: string;
  title: string;
  description: string | null;
  /** An absolute http(s) address, resolved against the page's address. */
  image: string | null;
  siteName: string | null;
}

/** The longest of each field, in code points. */
export const CARD_RULES = { titleMax: 200, descriptionMax: 500, siteNameMax: 100, imageUrlMax: 2048 } as const;

const TITLES = ['og:title', 'twitter:title'];
const DESCRIPTIONS = ['og:description', 'twitter:description', 'description'];
const IMAGES = ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'];

/** The card a page's HTML gives, or null when it has no title at all. */
export function readCard(html: string, pageUrl: string): LinkCard | null {
  const page = scan(html);
  const title = clean([...TITLES.map((key) => page.meta.get(key)), page.title], CARD_RULES.titleMax);
  if (!title) return null;
  return {
    url: new URL(pageUrl).href,
    title,
    description: clean(DESCRIPTIONS.map((key) => page.meta.get(key)), CARD_RULES.descriptionMax),
    image: IMAGES.map((key) => imageUrl(page.meta.get(key), pageUrl)).find(Boolean) ?? null,
    siteName: clean([page.meta.get('og:site_name')], CARD_RULES.siteNameMax),
  };
}

/** The first http(s) link in a post's text, as the client shows it (the same rich-text parser: trailing punctuation left out). */
export function firstLink(text: string): string | null {
  for (const segment of parseRichText(text)) if (segment.kind === 'link') return segment.href;
  return null;
}

/** The first of `candidates` that has any text once decoded and collapsed, cut at `max` code points. */
function clean(candidates: (string | null | undefined)[], max: number): string | null {
  for (const raw of candidates) {
    if (!raw) continue;
    // Control characters (C0, C1) go the way of whitespace: a run of either is one space.
    const text = decodeEntities(raw).replace(/[\s\p{Cc}]+/gu, ' ').trim();
    if (!text) continue;
    const chars = Array.from(text);
    return chars.length <= max ? text : chars.slice(0, max).join('').trim();
  }
  return null;
}

/** An image address, absolute and http(s) (not `data:`, `javascript:`, ...), or null. */
function imageUrl(raw: string | undefined, pageUrl: string): string | null {
  if (!raw) return null;
  const text = decodeEntities(raw);
  if (!URL.canParse(text, pageUrl)) return null;
  const url = new URL(text, pageUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.href.length <= CARD_RULES.imageUrlMax ? url.href : null;
}

/** What a card reads from a page: each `<meta>`'s content by its property and its name (lower case, first one kept), and the first `<title>`. */
interface PageHead {
  meta: Map<string, string>;
  title: string | null;
}

/** Elements whose content is text up to their end tag, not markup. */
const TEXT_ELEMENTS = ['script', 'style', 'title', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes'];
const END_TAGS = new Map(TEXT_ELEMENTS.map((name) => [name, new RegExp(`</${name}[\\t\\n\\f\\r />]`, 'gi')]));

const isSpace = (c: string) => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';
const isLetter = (c: string | undefined) => c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));

function scan(html: string): PageHead {
  const head: PageHead = { meta: new Map(), title: null };
  let svgDepth = 0;
  let at = html.indexOf('<');
  while (at !== -1) {
    if (html.startsWith('<!--', at)) {
      // `<!-->` and `<!--->` are comments too: the end is looked for from the first dash.
      const end = html.indexOf('-->', at + 2);
      if (end === -1) break;
      at = html.indexOf('<', end + 3);
      continue;
    }
    const closing = html[at + 1] === '/';
    const nameAt = at + (closing ? 2 : 1);
    if (!isLetter(html[nameAt])) {
      // `<!DOCTYPE>`, `<?xml ?>` and `</ >` run to their `>`; any other `<` is text.
      const end = closing || html[at + 1] === '!' || html[at + 1] === '?' ? html.indexOf('>', at) : at;
      if (end === -1) break;
      at = html.indexOf('<', end + 1);
      continue;
    }
    let nameEnd = nameAt;
    while (nameEnd < html.length && !isSpace(html[nameEnd]) && html[nameEnd] !== '/' && html[nameEnd] !== '>') nameEnd++;
    const name = html.slice(nameAt, nameEnd).toLowerCase();
    const tag = readAttributes(html, nameEnd);
    // A tag the document ends inside is no tag, and nothing follows it.
    if (!tag) break;
    at = tag.end;
    if (closing) {
      if (name === 'svg' && svgDepth) svgDepth--;
    } else if (name === 'svg') {
      if (!tag.selfClosing) svgDepth++;
    } else if (name === 'meta') {
      keepMeta(head.meta, tag.attributes);
    } else if (END_TAGS.has(name)) {
      const endTag = END_TAGS.get(name)!;
      endTag.lastIndex = at;
      const end = endTag.exec(html)?.index ?? html.length;
      if (name === 'title' && head.title === null && !svgDepth) head.title = html.slice(at, end);
      at = end;
    }
    at = html.indexOf('<', at);
  }
  return head;
}

/** A tag's attributes (names in lower case, the first of a name kept) from just after its name, and where it ends; null when the document ends first. */
function readAttributes(html: string, from: number): { attributes: Map<string, string>; selfClosing: boolean; end: number } | null {
  const attributes = new Map<string, string>();
  let at = from;
  for (;;) {
    while (at < html.length && (isSpace(html[at]) || html[at] === '/')) at++;
    if (at >= html.length) return null;
    if (html[at] === '>') return { attributes, selfClosing: html[at - 1] === '/', end: at + 1 };
    const nameStart = at;
    at++; // the first character of a name may be `=`
    while (at < html.length && !isSpace(html[at]) && html[at] !== '/' && html[at] !== '>' && html[at] !== '=') at++;
    const name = html.slice(nameStart, at).toLowerCase();
    let next = at;
    while (next < html.length && isSpace(html[next])) next++;
    let value = '';
    if (html[next] === '=') {
      next++;
      while (next < html.length && isSpace(html[next])) next++;
      const quote = html[next];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, next + 1);
        if (close === -1) return null;
        value = html.slice(next + 1, close);
        at = close + 1;
      } else {
        const start = next;
        while (next < html.length && !isSpace(html[next]) && html[next] !== '>') next++;
        value = html.slice(start, next);
        at = next;
      }
    }
    if (!attributes.has(name)) attributes.set(name, value);
  }
}

/** A `<meta>`'s content under its property (Open Graph's way) and its name (Twitter's, and many pages' for og:* too). */
function keepMeta(meta: Map<string, string>, attributes: Map<string, string>): void {
  const content = attributes.get('content');
  if (!content?.trim()) return;
  for (const key of [attributes.get('property'), attributes.get('name')]) {
    const normalized = key?.trim().toLowerCase();
    if (normalized && !meta.has(normalized)) meta.set(normalized, content);
  }
}

/** Latin-1's named characters, U+00A0 to U+00FF in order. */
const LATIN_1_NAMES =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest ' +
  'Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig ' +
  'agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';

/**
 * The named references decoded: markup's own, Latin-1's, and the punctuation and symbols titles use
 * (HTML 4's set). Any other name is left as written: the full table is 2,231 names for little gain.
 */
const NAMED = new Map<string, string>([
  ...LATIN_1_NAMES.split(' ').map((name, i): [string, string] => [name, String.fromCharCode(0xa0 + i)]),
  ...Object.entries({
    quot: 0x22, amp: 0x26, apos: 0x27, lt: 0x3c, gt: 0x3e, OElig: 0x152, oelig: 0x153, Scaron: 0x160, scaron: 0x161, Yuml: 0x178, fnof: 0x192, circ: 0x2c6, tilde: 0x2dc,
    ensp: 0x2002, emsp: 0x2003, thinsp: 0x2009, zwnj: 0x200c, zwj: 0x200d, lrm: 0x200e, rlm: 0x200f, ndash: 0x2013, mdash: 0x2014, lsquo: 0x2018, rsquo: 0x2019,
    sbquo: 0x201a, ldquo: 0x201c, rdquo: 0x201d, bdquo: 0x201e, dagger: 0x2020, Dagger: 0x2021, bull: 0x2022, hellip: 0x2026, permil: 0x2030, prime: 0x2032,
    Prime: 0x2033, lsaquo: 0x2039, rsaquo: 0x203a, oline: 0x203e, frasl: 0x2044, euro: 0x20ac, trade: 0x2122, larr: 0x2190, uarr: 0x2191, rarr: 0x2192,
    darr: 0x2193, harr: 0x2194, hearts: 0x2665,
  }).map(([name, code]): [string, string] => [name, String.fromCodePoint(code)]),
]);

/** A numeric reference needs no `;` (HTML reads `&#39` too); a named one does, so `?a=1&copy=2` in a URL stays as written. */
const REFERENCE = /&(?:#(\d+);?|#[xX]([0-9A-Fa-f]+);?|([A-Za-z][A-Za-z0-9]*);)/g;

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name) return NAMED.get(name) ?? whole;
    const code = decimal ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
    if (code >= 0x80 && code <= 0x9f) return WINDOWS_1252_C1[code - 0x80];
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(code);
  });
}
