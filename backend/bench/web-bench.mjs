// Phone page-load benchmark: Lighthouse's mobile preset (simulated slow 4G, 4x CPU slowdown),
// cold cache, on the built app in production mode with a small seeded database of its own, in the
// light theme and in the dark one (the member's choice, on the account and in the browser's storage).
// Prints a table per theme and page and writes it into docs/benchmarks.md ("## Web — npm run bench:web").
//
//   node backend/bench/web-bench.mjs [--label "development run"] [--runs N] [--no-write] [--reports DIR] [--pages /a,/b] [--themes light,dark]
// --reports keeps each run's full Lighthouse report and its trace (JSON, the trace opens in Chromium's
// Performance panel) in DIR, to see what a score is made of.
// --pages measures only those pages (while working on them); such a run writes nothing.
// --screenshots saves phone-size pictures of the loading skeletons under docs/screenshots.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { BUDGETS, brotliBytes, readBuild } from '../../scripts/first-load.mjs';
import { login, root, startApp } from './bench-app.mjs';

const DB = process.env.WEB_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cloud9_webbench';
const PASSWORD = 'web-bench-pass-9!';
const VIEWER = 'webbench_viewer';
const FRIEND = 'webbench_friend';
const PAGES = ['/login', '/', '/profile', '/notifications', '/cloud9', '/settings'];
const THEMES = ['light', 'dark'];
const TARGETS = { performance: 95, cls: 0.05, accessibility: 100 };
const SECTION = '## Web — `npm run bench:web`';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const label = option('--label');
const runs = Math.max(1, Number(option('--runs') ?? 1));
const onlyPages = option('--pages')?.split(',');
const themes = option('--themes')?.split(',') ?? THEMES;
const write = !args.includes('--no-write') && !onlyPages && themes.length === THEMES.length;
const reportsDir = option('--reports');
const screenshots = args.includes('--screenshots');

/** A fresh database: the app creates and migrates it on start. */
async function dropDatabase() {
  const url = new URL(DB);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

/** A photo-sized JPEG (sky gradient), so feed cards carry real media. */
const photo = (hue) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 90 + hue, g: 150, b: 230 - hue } } })
    .composite([{ input: Buffer.from(`<svg width="1200" height="800"><circle cx="${300 + hue * 3}" cy="300" r="180" fill="white" opacity="0.8"/></svg>`) }])
    .jpeg({ quality: 80 })
    .toBuffer();

async function api(base, cookie, method, apiPath, body) {
  const isForm = body instanceof FormData;
  const res = await fetch(`${base}${apiPath}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body && !isForm ? { 'content-type': 'application/json' } : {}) },
    body: body ? (isForm ? body : JSON.stringify(body)) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Two users who follow each other; posts with and without photos; likes and replies that raise alerts. */
async function seed(base) {
  for (const username of [VIEWER, FRIEND]) {
    await api(base, null, 'POST', '/api/users', { username, email: `${username}@example.com`, password: PASSWORD });
  }
  const viewer = await login(base, VIEWER, PASSWORD);
  const friend = await login(base, FRIEND, PASSWORD);
  await api(base, viewer.cookie, 'POST', '/api/follow', { followerId: viewer.user.id, followedId: friend.user.id });
  await api(base, friend.cookie, 'POST', '/api/follow', { followerId: friend.user.id, followedId: viewer.user.id });
  const posts = [];
  for (let i = 0; i < 12; i++) {
    const author = i % 2 ? friend : viewer;
    const content = `Cloud watch #${i + 1}: ${i % 3 ? 'a bright morning over the hills, everyone is out flying kites' : 'sunset colours tonight'} ☁️`;
    let post;
    if (i % 3 === 0) {
      const form = new FormData();
      form.set('content', content);
      form.set('file', new Blob([await photo(i * 10)], { type: 'image/jpeg' }), `sky-${i}.jpg`);
      post = await api(base, author.cookie, 'POST', '/api/posts', form);
    } else {
      post = await api(base, author.cookie, 'POST', '/api/posts', { content, gif: null });
    }
    posts.push({ post, author });
  }
  for (const { post, author } of posts) {
    if (author !== viewer) continue;
    await api(base, friend.cookie, 'POST', `/api/posts/${post.id}/like`, {});
    await api(base, friend.cookie, 'POST', `/api/posts/${post.id}/reply`, { content: 'Lovely sky!' });
  }
}

/** Signs the browser in through the login form, as a person would: cookie and stored user both set. */
async function signIn(browser, base) {
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill(VIEWER);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.close();
}

/** Signs out: the stored user decides what the app shows, the session cookie what the API answers. */
async function signOut(browser, base) {
  const page = await browser.contexts()[0].newPage();
  // A page of the same origin that runs no app code: the app, running, could store the user again
  // from an answer that was on its way while storage was cleared.
  await page.goto(`${base}/api/health`);
  // The server's session ends too: a live cookie would sign the login page straight back in.
  await page.evaluate(async () => {
    await fetch('/api/logout', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    localStorage.clear();
  });
  await page.context().clearCookies();
  await page.close();
}

/**
 * The colour theme the next loads draw: the browser's stored choice (what index.html's first script
 * reads), and, with `cookie`, the account's (which a signed-in start reads and stores again).
 */
async function useTheme(browser, base, theme, cookie) {
  if (cookie) await api(base, cookie, 'PUT', '/api/me/theme', { theme });
  const page = await browser.contexts()[0].newPage();
  // A page of the same origin that runs no app code.
  await page.goto(`${base}/api/health`);
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.close();
}

/** Opens every page once, so the app's first-request costs (statement plans, JIT) are not measured. */
async function warmUp(browser, base) {
  await signIn(browser, base);
  const page = await browser.contexts()[0].newPage();
  for (const p of PAGES.slice(1)) await page.goto(`${base}${p}`, { waitUntil: 'networkidle' });
  await page.close();
  await signOut(browser, base);
}

/** Phone-size pictures of the shell's and two screens' skeletons: their code and data are held back. */
async function shootSkeletons(browser, base) {
  await signIn(browser, base);
  const signedIn = await browser.contexts()[0].storageState();
  for (const [name, pathname, held, shown] of [
    ['skeleton-phone-shell', '/', '**/assets/shell-*.js', '.skeleton'],
    ['skeleton-phone-home-feed', '/', '**/api/posts?*', '#home-title'],
    ['skeleton-phone-profile', '/profile', '**/assets/ProfilePage-*.js', '.skeleton-profile-head'],
  ]) {
    // A context each: a held request would keep the next page of the same context waiting for it.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, storageState: signedIn });
    const page = await context.newPage();
    await page.route(held, () => undefined);
    await page.goto(`${base}${pathname}`, { waitUntil: 'domcontentloaded' });
    await page.locator(shown).first().waitFor();
    await page.screenshot({ path: path.join(root, 'docs/screenshots', `${name}.png`), animations: 'disabled' });
    await context.close();
  }
  await signOut(browser, base);
}

/** The brotli size of a script as served uncompressed (what a compressing server would send). */
const scriptBodies = new Map();
async function brotliSize(url) {
  if (!scriptBodies.has(url)) {
    const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await res.arrayBuffer());
    scriptBodies.set(url, { raw: body.length, br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length });
  }
  return scriptBodies.get(url);
}

async function audit(url, port, run, theme, attempt = 1) {
  const { lhr, artifacts } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART); once more, then give up.
  if (lhr.runtimeError && attempt < 2) return audit(url, port, run, theme, attempt + 1);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== new URL(url).pathname) throw new Error(`${url} ended on ${finalPath}: not signed in?`);
  const requested = lhr.audits['network-requests'].details.items.map((r) => r.url);
  if (finalPath === '/login' && requested.some((u) => u.includes('/assets/shell-'))) throw new Error('/login loaded the signed-in shell: was the browser signed out?');
  if (reportsDir) {
    mkdirSync(reportsDir, { recursive: true });
    const name = `${finalPath === '/' ? 'home' : finalPath.slice(1).replace(/\W+/g, '_')}-${theme}-${run + 1}`;
    writeFileSync(path.join(reportsDir, `${name}.json`), JSON.stringify(lhr));
    writeFileSync(path.join(reportsDir, `${name}.trace.json`), JSON.stringify(artifacts.Trace));
  }
  const scripts = lhr.audits['network-requests'].details.items.filter((r) => r.resourceType === 'Script' && r.url.startsWith(new URL(url).origin));
  let transferred = 0;
  let raw = 0;
  let br = 0;
  for (const s of scripts) {
    transferred += s.transferSize;
    const size = await brotliSize(s.url);
    raw += size.raw;
    br += size.br;
  }
  // The page's first load (scripts/first-load.mjs), where it has a budget: every file of it must have been fetched.
  const budget = BUDGETS.find((b) => b.page === finalPath);
  let firstLoad;
  if (budget) {
    const files = build.firstLoadFiles(budget.modules);
    const fetched = new Set(scripts.map((s) => new URL(s.url).pathname.slice(1)));
    const missing = files.filter((file) => file.endsWith('.js') && !fetched.has(file));
    if (missing.length) throw new Error(`${url} did not fetch its first load's ${missing.join(', ')}: is the build the one being served?`);
    firstLoad = { kb: files.reduce((sum, file) => sum + brotliBytes(file), 0) / 1024, maxKb: budget.maxKb };
  }
  const num = (id) => lhr.audits[id].numericValue;
  return {
    firstLoad,
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    cls: num('cumulative-layout-shift'),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    scripts: scripts.length,
    jsTransferred: transferred,
    jsRaw: raw,
    jsBrotli: br,
    totalBytes: num('total-byte-weight'),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The run with the median performance score stands for the page. */
const pick = (results) => {
  const target = median(results.map((r) => r.performance));
  return results.find((r) => r.performance === target);
};

function table(rows) {
  const lines = [
    '| Theme | Page | Performance | CLS | Accessibility | FCP s | LCP s | TBT ms | First-load JS KB (budget) | JS files | JS transferred KB | JS brotli KB (raw KB) | All bytes KB |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { theme, page, r } of rows) {
    lines.push(
      `| ${theme} | \`${page}\` | ${r.performance} | ${r.cls.toFixed(3)} | ${r.accessibility} | ${(r.fcp / 1000).toFixed(1)} | ${(r.lcp / 1000).toFixed(1)} | ${Math.round(r.tbt)} | ${r.firstLoad ? `${r.firstLoad.kb.toFixed(1)} (${r.firstLoad.maxKb})` : '—'} | ${r.scripts} | ${kb(r.jsTransferred)} | ${kb(r.jsBrotli)} (${kb(r.jsRaw)}) | ${kb(r.totalBytes)} |`,
    );
  }
  return lines.join('\n');
}

function verdict(rows) {
  const misses = [];
  for (const { theme, page, r } of rows) {
    if (r.performance < TARGETS.performance) misses.push(`${theme} ${page} performance ${r.performance}`);
    if (r.cls > TARGETS.cls) misses.push(`${theme} ${page} CLS ${r.cls.toFixed(3)}`);
    if (r.accessibility < TARGETS.accessibility) misses.push(`${theme} ${page} accessibility ${r.accessibility}`);
  }
  // The scripts are the same in both themes: the budget is read on the first theme's pages.
  for (const { theme, page, r } of rows) {
    if (theme === rows[0].theme && r.firstLoad && r.firstLoad.kb > r.firstLoad.maxKb) misses.push(`${page} first-load JS ${r.firstLoad.kb.toFixed(1)} KB`);
  }
  return misses;
}

function writeSection(body) {
  const file = path.join(root, 'docs/benchmarks.md');
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(SECTION);
  let next = -1;
  if (start >= 0) {
    const after = text.slice(start + SECTION.length).search(/\n## /);
    next = after >= 0 ? start + SECTION.length + after + 1 : text.length;
  }
  const section = `${SECTION}\n\n${body}\n`;
  const updated = start >= 0 ? `${text.slice(0, start)}${section}${next < text.length ? `\n${text.slice(next)}` : ''}` : `${text.trimEnd()}\n\n${section}`;
  writeFileSync(file, updated);
}

const build = readBuild();

async function main() {
  const uploads = mkdtempSync(path.join(os.tmpdir(), 'cloud9-webbench-'));
  await dropDatabase();
  const { app, base } = await startApp(DB, { UPLOAD_DIR: uploads, REDIS_PREFIX: `c9webbench:${process.pid}:` });
  let chrome;
  let browser;
  try {
    await seed(base);
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    await warmUp(browser, base);
    if (screenshots) await shootSkeletons(browser, base);
    const pages = PAGES.filter((p) => !onlyPages || onlyPages.includes(p));
    const { cookie } = await login(base, VIEWER, PASSWORD);
    const results = Object.fromEntries(themes.map((theme) => [theme, Object.fromEntries(pages.map((p) => [p, []]))]));
    for (let run = 0; run < runs; run++) {
      for (const theme of themes) {
        // /login first, while the browser is signed out; the other pages after signing in.
        await useTheme(browser, base, theme, cookie);
        if (results[theme]['/login']) results[theme]['/login'].push(await audit(`${base}/login`, chrome.port, run, theme));
        await signIn(browser, base);
        await useTheme(browser, base, theme);
        for (const page of pages.filter((p) => p !== '/login')) {
          results[theme][page].push(await audit(`${base}${page}`, chrome.port, run, theme));
          console.log(`  ${theme} ${page}: ${results[theme][page].at(-1).performance}`);
        }
        await signOut(browser, base);
      }
    }
    const rows = themes.flatMap((theme) => pages.map((page) => ({ theme, page, r: pick(results[theme][page]) })));
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const misses = verdict(rows);
    const body = [
      `**What it does** (\`backend/bench/web-bench.mjs\`): builds the app, starts it in production mode on a small database of its own (two users who follow each other, twelve posts, four with photos, likes and replies that raise alerts) and runs Lighthouse's mobile preset (simulated slow 4G, 4× CPU slowdown, phone screen) on each page with a cold cache, in the light theme and then the dark one (the viewer's account and the browser's stored choice): \`/login\` signed out, the rest signed in through the login form. Each page is opened once first, so the server's first-request costs are not measured. With \`--runs N\` each page is measured N times and the run with the median performance score is shown.`,
      '',
      `**Targets:** performance ≥ ${TARGETS.performance} and CLS ≤ ${TARGETS.cls} on every page; accessibility ${TARGETS.accessibility}; first-load JavaScript within ${BUDGETS.map((b) => `${b.maxKb} KB on \`${b.page}\``).join(' and ')} (brotli): the files the page needs before it draws, read from the build's chunk graph as \`scripts/check-bundle-budget.mjs\` reads them (\`scripts/first-load.mjs\`), each of them seen fetched. The other columns count every script the page fetched in the run, the ones it loads later on purpose included (the live connection once the browser is idle, the service worker's registration after the load event): "JS transferred" is what the server sent; "JS brotli" is the same files compressed with brotli (quality 11) by the bench.`,
      '',
      `### Latest run (${when} UTC${label ? `, ${label}` : ''}${runs > 1 ? `, median of ${runs}` : ''})`,
      '',
      table(rows),
      '',
      misses.length ? `Missed: ${misses.join('; ')}.` : 'Every target met.',
    ].join('\n');
    console.log(`\n${body}\n`);
    if (write) writeSection(body);
  } finally {
    await browser?.close().catch(() => undefined);
    await chrome?.kill();
    app.kill();
    rmSync(uploads, { recursive: true, force: true });
  }
}

await main();
