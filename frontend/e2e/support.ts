import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { APP_CLIENT_HEADER } from '@cloud9/contracts';

export const baseUrl = () => process.env.E2E_BASE_URL!;
/** The second app instance: same database and Redis, another process and port. */
export const secondBaseUrl = () => process.env.E2E_BASE_URL_2!;
/** The same app at `localhost`, a host name (passkeys: WebAuthn refuses an IP address as the relying party). */
export const namedBaseUrl = () => process.env.E2E_NAMED_BASE_URL!;
const screenshotDir = path.resolve(__dirname, '../../docs/screenshots');
export const E2E_ADMIN = { username: 'e2e_admin', password: 'admin-pass-e2e-1' };
/** The fake PayPal's client id and the plan ids the e2e instances are configured with. */
export const E2E_PAYPAL = { clientId: 'e2e-paypal-client', plans: { silver: 'P-SILVER-E2E', gold: 'P-GOLD-E2E' } };
export const PASSWORD = 'cloud-nine-9!';
/** The e2e instances answer /metrics on their main port to this bearer token (METRICS_TOKEN). */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789';
export const uniqueName = (prefix = 'e2e') => `${prefix}_${randomBytes(4).toString('hex')}`;

/**
 * Debian's Chromium as its headless shell (the same engine without the browser's UI and compositor
 * layers: the browser suites take about 30 % less CPU), with the flags this closed network needs.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Texts of the app's alert surface (alert toasts and confirmation alertdialogs), in order of appearance. */
  alerts: string[];
  /** Native alert/confirm/prompt dialogs (accepted so nothing hangs); the app should raise none. */
  nativeDialogs: string[];
}

const CSP_MARK = '[csp-violation]';
const cspViolations: string[] = [];

/**
 * Records every Content-Security-Policy violation of every page of `context`: the page's own
 * `securitypolicyviolation` events (reported through its console by an init script, which the
 * page's CSP does not govern) and Chromium's "Refused to ..." console errors. The setup file
 * setup/csp.ts fails a suite that leaves any.
 */
export async function watchCsp(context: BrowserContext): Promise<void> {
  await context.addInitScript((mark: string) => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`${mark} ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} in ${e.documentURI} (${e.sourceFile}:${e.lineNumber})`),
    );
  }, CSP_MARK);
  const watch = (page: Page) =>
    page.on('console', (message) => {
      const text = message.text();
      if (text.startsWith(CSP_MARK) || text.includes('Content Security Policy')) cspViolations.push(text);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
}

/** The CSP violations recorded so far, emptying the record. */
export const takeCspViolations = (): string[] => cspViolations.splice(0);

/** The two sizes the screens are checked at: a common phone and a laptop. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };
export type Viewport = { width: number; height: number };
/** The two sizes every screen is checked at. */
export const PHONE_AND_DESKTOP: [string, Viewport][] = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
];

const ALERT_BINDING = '__e2eAppAlert';
/** The app's alert surface: the alert toasts' texts and the confirmation dialogs. */
const APP_ALERT_SELECTOR = '.toast-region [role="alert"], [role="alertdialog"]';

/**
 * Calls `record` with the text of every element of the app's alert surface as it appears in any
 * page of `context` (an init script's MutationObserver reports them through a binding). An
 * alertdialog is recorded by the text that labels it, i.e. its question. For suites that set up
 * their own tabs (the admin suite); openTab() uses it.
 * @public
 */
export async function recordAppAlerts(context: BrowserContext, record: (text: string) => void): Promise<void> {
  await context.exposeBinding(ALERT_BINDING, (_source, text: string) => record(text));
  await context.addInitScript(
    ({ binding, selector }: { binding: string; selector: string }) => {
      const seen = new WeakSet<Element>();
      const report = (element: Element) => {
        if (seen.has(element)) return;
        seen.add(element);
        const labelId = element.getAttribute('role') === 'alertdialog' ? element.getAttribute('aria-labelledby') : null;
        const text = ((labelId && document.getElementById(labelId)?.textContent) || element.textContent || '').trim();
        if (text) (window as unknown as Record<string, (t: string) => void>)[binding](text);
      };
      const scan = (node: Node) => {
        if (!(node instanceof Element)) return;
        if (node.matches(selector)) report(node);
        node.querySelectorAll(selector).forEach(report);
      };
      new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(scan))).observe(document, {
        childList: true,
        subtree: true,
      });
    },
    { binding: ALERT_BINDING, selector: APP_ALERT_SELECTOR },
  );
}

/** A fresh browser profile (own cookies and storage) whose in-app alerts are recorded. */
export async function openTab(browser: Browser, base = baseUrl(), viewport: Viewport = { width: 1280, height: 860 }, options: { colorScheme?: 'light' | 'dark' } = {}): Promise<Tab> {
  const context = await browser.newContext({ baseURL: base, viewport, ...options });
  await watchCsp(context);
  const alerts: string[] = [];
  await recordAppAlerts(context, (text) => alerts.push(text));
  const page = await context.newPage();
  const nativeDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    nativeDialogs.push(dialog.message());
    void dialog.accept();
  });
  return { context, page, alerts, nativeDialogs };
}

/** Answers the in-app confirmation asking `question` by clicking its button `buttonLabel`; waits until it has closed. */
export async function answerConfirm(page: Page, question: string, buttonLabel: string): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: question });
  await dialog.getByRole('button', { name: buttonLabel, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Answers the in-app prompt asking `question` with `text` (OK), or cancels it when `text` is null.
 * (The admin tools are the app's prompts.)
 * @public
 */
export async function answerPrompt(page: Page, question: string, text: string | null): Promise<void> {
  const dialog = page.getByRole('dialog', { name: question });
  if (text === null) {
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  } else {
    await dialog.getByRole('textbox', { name: question }).fill(text);
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  }
  await dialog.waitFor({ state: 'detached' });
}

/** Registers through the API (fast) so a test can start from the login form. */
export async function registerViaApi(username: string, password = PASSWORD): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password }),
  });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
}

/** Signs in through the login form and waits for the shell. */
export async function loginViaUi(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // The nav named Main is the left column on wide screens and the tab bar on phones.
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** A new user (optionally in `groupId`) signed in through the login form in a fresh tab. */
export async function signedInTab(browser: Browser, prefix: string, options: { base?: string; groupId?: number; viewport?: Viewport } = {}) {
  const username = uniqueName(prefix);
  await registerViaApi(username);
  if (options.groupId) await setGroup(username, options.groupId);
  const tab = await openTab(browser, options.base, options.viewport);
  await loginViaUi(tab.page, username);
  return { ...tab, username };
}

/** Saves a screenshot under docs/screenshots with animations settled. */
export const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage, animations: 'disabled' });

/** A signed-in API client (cookie session), for arranging data quickly. */
export async function apiSession(username: string, password = PASSWORD) {
  const login = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`login ${username}: ${login.status}`);
  // The session cookie (sign-in also sets the device cookie).
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('c9.sid='))!.split(';')[0];
  const user = (await login.json()) as { id: number; username: string };
  const call = async <T>(method: string, apiPath: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl()}${apiPath}`, {
      method,
      // As a script calls the API (README): the app client header opens the GET admin tools too.
      headers: { cookie, [APP_CLIENT_HEADER.name]: APP_CLIENT_HEADER.value, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return { user, cookie, call, post: (content: string) => call<{ id: number }>('POST', '/api/posts', { content }) };
}

/** Changes a user's group directly in the database (plans are bought in a later issue). */
export async function setGroup(username: string, groupId: number): Promise<void> {
  const client = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  await client.query('UPDATE users SET group_id = $1 WHERE username = $2', [groupId, username]);
  await client.end();
}

export const waitFor = async (predicate: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};
