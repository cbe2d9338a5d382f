import { tmpdir } from 'node:os';
/**
 * Browser-test harness: the real product (gateway + every stage, `startSnapNotes`) on a fresh PostgreSQL database,
 * an S3 bucket and the Firebase Auth emulator of the global setup, serving the built web app (web/dist); and
 * Debian's Chromium driven by playwright-core, with every request that would leave the machine aborted and
 * https://apis.google.com/js/api.js answered by the offline gapi stand-in (DESIGN §3). The product no longer needs
 * that stand-in (its emulator serves gapi: packages/local-services/src/offline-gapi.ts); offline-sign-in.e2e.ts
 * signs in without it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import pino from 'pino';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { loadConfig, type Config } from '@snapnotes/config';
import { createTestDatabase, freePort, getS3, productTestEnv } from '@snapnotes/testing/services';
// The embedded start is not exported by its package (it is an app, not a library): reach it by path.
import { startSnapNotes, type RunningSnapNotes } from '../../apps/embedded/src/app.js';

const here = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(here, '../..');
// E2E_WEB_DIST: another build to test (e.g. `vite build --outDir /tmp/dist-a`), so parallel work does not share one.
export const WEB_DIST_DIR = process.env.E2E_WEB_DIST
  ? resolve(process.env.E2E_WEB_DIST)
  : resolve(REPO_ROOT, 'web/dist');
/** README screenshots are rewritten only on request (UPDATE_SCREENSHOTS=1); other runs write to a scratch folder. */
export const SCREENSHOT_DIR = process.env.UPDATE_SCREENSHOTS
  ? resolve(REPO_ROOT, 'docs/screenshots')
  : resolve(tmpdir(), 'snapnotes-e2e-screenshots');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The gapi stand-in: `shared/` sits beside the clone (../shared); GAPI_STUB_PATH overrides. */
function gapiStubPath(): string {
  const candidates = [
    process.env.GAPI_STUB_PATH,
    resolve(REPO_ROOT, '../shared/testing/gapi-stub.js'),
    '/work/shared/testing/gapi-stub.js',
  ].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`gapi stub not found; looked in: ${candidates.join(', ')} (set GAPI_STUB_PATH)`);
  return found;
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Product {
  url: string;
  config: Config;
  running: RunningSnapNotes;
  close(): Promise<void>;
}

/** Starts the whole product on a free port, serving web/dist. */
export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  if (!existsSync(resolve(WEB_DIST_DIR, 'index.html'))) {
    throw new Error(
      `${WEB_DIST_DIR}/index.html is missing: build the web app first (pnpm --filter @snapnotes/web build)`,
    );
  }
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run through the browser project.');
  const db = await createTestDatabase();
  const s3 = await getS3();
  // A known port, so the public URL (and the Firebase authDomain derived from it) is the real one.
  const port = await freePort();
  const config = loadConfig({
    ...productTestEnv({ db, s3, port }),
    WEB_DIST_DIR,
    FREE_UPLOADS_PER_MONTH: '50',
    ...env,
  });
  const logger = pino({ level: config.LOG_LEVEL });
  let running: RunningSnapNotes;
  try {
    running = await startSnapNotes(config, logger);
  } catch (err) {
    await s3.close();
    await db.drop();
    throw err;
  }
  return {
    url: running.url,
    config,
    running,
    async close() {
      await running.close();
      await s3.close();
      await db.drop();
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions and console errors seen by any page of the context. */
  errors: string[];
}

interface SessionOptions {
  /**
   * Answer https://apis.google.com/js/api.js with the offline stub (default). With false it is aborted like every
   * other outside request: the product's own offline sign-in (the emulator's gapi) must do without it.
   */
  gapiStub?: boolean;
}

/**
 * Readies a browser context: nothing leaves the machine, apis.google.com/js/api.js is the offline stub (unless
 * `gapiStub: false`), clipboard permissions granted for the product's origin; its first page is watched for errors.
 */
async function prepareContext(
  context: BrowserContext,
  baseURL: string,
  page?: Page,
  { gapiStub = true }: SessionOptions = {},
): Promise<Session> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  if (gapiStub) {
    const stub = readFileSync(gapiStubPath(), 'utf8');
    // Registered last, so matched first.
    await context.route('https://apis.google.com/js/api.js*', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: stub }),
    );
  }
  const errors: string[] = [];
  // Only the app's own pages: the emulator's account chooser logs its aborted Google fonts and scripts.
  const ours = (target: Page) => target.url().startsWith(baseURL);
  const watch = (target: Page) => {
    target.on('pageerror', (error) => {
      if (ours(target)) errors.push(`pageerror ${target.url()}: ${error.message}`);
    });
    target.on('console', (message) => {
      if (message.type() !== 'error' || !ours(target)) return;
      // "Failed to load resource" names no resource in its text: its location does.
      const source = message.location().url;
      const from = source && source !== target.url() ? ` (${source})` : '';
      errors.push(`console ${target.url()}: ${message.text()}${from}`);
    });
  };
  context.on('page', watch);
  context.setDefaultTimeout(15_000);
  const first = page ?? (await context.newPage());
  if (page) watch(page);
  return { context, page: first, errors };
}

/** A fresh (incognito) browser context. */
export async function newSession(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
  sessionOptions: SessionOptions = {},
) {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, ...options });
  return prepareContext(context, baseURL, undefined, sessionOptions);
}

/**
 * A browser with a profile on disk, as a user's own browser is: what an incognito context cannot do (Chrome never
 * offers to install an app there) can be checked in it. Closing its context closes the browser and the profile goes.
 */
export async function newPersistentSession(baseURL: string, options: BrowserContextOptions = {}): Promise<Session> {
  const profile = await mkdtemp(resolve(tmpdir(), 'snapnotes-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: DESKTOP,
    ...options,
  });
  // Chromium may still be writing the profile as the context closes: retried, and a leftover is only a temp folder.
  context.on('close', () => void rm(profile, { recursive: true, force: true, maxRetries: 10 }).catch(() => {}));
  return prepareContext(context, baseURL, context.pages()[0]);
}

export interface SignedIn extends Session {
  product: Product;
  browser: Browser;
  /** The signed-in account's id, as POST /api/user answered the app. */
  userId: number;
  /** Closes the context, the browser and the product. */
  close(): Promise<void>;
}

/** A fresh (incognito) context in which `account` (a new one named so, for a name) signed in through the popup. */
export async function signedInSession(
  browser: Browser,
  baseURL: string,
  account: string | GoogleAccount,
  options: BrowserContextOptions = {},
): Promise<Session> {
  const session = await newSession(browser, baseURL, options);
  await signInWithPopup(session.page, typeof account === 'string' ? newAccount(account) : account);
  return session;
}

/** The product started, Chromium launched, and a new Google account signed in through the popup (on /app). */
export async function startSignedIn(
  name: string | GoogleAccount,
  { env = {}, context = {} }: { env?: Record<string, string>; context?: BrowserContextOptions } = {},
): Promise<SignedIn> {
  const [product, browser] = await Promise.all([startProduct(env), launchBrowser()]);
  const session = await newSession(browser, product.url, context);
  // Watched from before the sign-in, and bounded by the sign-in's own steps (it can take over 15 s on a loaded runner).
  const registered = session.page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/user' && res.ok(),
    { timeout: 0 },
  );
  registered.catch(() => {}); // a sign-in that fails first reports its own error
  await signInWithPopup(session.page, typeof name === 'string' ? newAccount(name) : name);
  const { id: userId } = (await (await registered).json()) as { id: number };
  return {
    ...session,
    product,
    browser,
    userId,
    async close() {
      await session.context.close().catch(() => {});
      await browser.close();
      await product.close();
    },
  };
}

export interface GoogleAccount {
  email: string;
  name: string;
}

let accountSequence = 0;
/** A Google account nobody has used yet in this run. */
export function newAccount(name: string): GoogleAccount {
  accountSequence += 1;
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '.');
  return { email: `${slug}.${process.pid}.${Date.now().toString(36)}${accountSequence}@example.com`, name };
}

/**
 * Signs in through the real popup flow: the landing page's 'Sign in with Google' opens the Auth emulator's
 * account chooser, where 'Add new account' creates the Google account; the app then lands on /app.
 */
export async function signInWithPopup(page: Page, account: GoogleAccount): Promise<void> {
  if (!page.url().startsWith('http') || new URL(page.url()).pathname !== '/') await page.goto('/');
  const button = page.getByRole('button', { name: 'Sign in with Google' });
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await popup.waitForLoadState('domcontentloaded');
  await popup.click('#add-account-button button');
  await popup.fill('#email-input', account.email);
  await popup.fill('#display-name-input', account.name);
  await Promise.all([popup.waitForEvent('close'), popup.click('#sign-in')]);
  await page.waitForURL('**/app');
}

/** axe-core on the current page: the serious and critical violations, formatted for an assertion message. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Measure settled pages: mid-animation opacity would fail the contrast rule.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = resolve(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? false, animations: 'disabled', caret: 'hide' });
  return path;
}

// ---- assertions over the live page (playwright-core has no web-first `expect`) ----

/** Waits until the page's path + query equals `pathAndQuery` (e.g. '/?tab=signup'). */
export async function waitForPath(page: Page, pathAndQuery: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname + url.search === pathAndQuery, { timeout });
}

/** Path + query of the page now. */
export function currentPath(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Waits for the toast with this title (and description, when given) and returns its text. */
export async function waitForToast(page: Page, title: string, description?: string, timeout = 15_000): Promise<string> {
  const toast = page.getByRole('region', { name: /^Notifications/ }).locator('li', { hasText: title });
  await toast.first().waitFor({ state: 'visible', timeout });
  const text = await toast.first().innerText();
  if (description !== undefined && !text.includes(description)) {
    throw new Error(`Toast "${title}" says "${text}", expected it to include "${description}"`);
  }
  return text;
}

/** Every visible toast's text (at most one, SPEC §4). */
export async function visibleToasts(page: Page): Promise<string[]> {
  return page
    .getByRole('region', { name: /^Notifications/ })
    .locator('li:visible')
    .allInnerTexts();
}

/** Waits for `document.title` to become `title`. */
export async function waitForTitle(page: Page, title: string, timeout = 10_000): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout });
}

/**
 * Fails with the list when axe-core finds a serious or critical violation. It first lets finite animations end (a
 * dialog opening, a toast fading in or out: mid-fade text is measured at part of its opacity), for at most 2 s.
 */
export async function expectAccessible(page: Page, label = currentPath(page)): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
  const violations = await seriousA11yViolations(page);
  if (violations.length > 0)
    throw new Error(
      `axe-core on ${label}:\n${violations.join('\n')}\ntoasts shown: ${JSON.stringify(await visibleToasts(page))}`,
    );
}

/** Where `watchTimedRedirect` keeps its marks in the page (performance.now() values; -1 until seen). */
type TimedRedirectWindow = Window & { __timedRedirect?: { shownAt: number; leftAt: number } };

/**
 * Times a page that redirects on a timer with the page's own clock: from the first render of `text` to the
 * client-side move to `path`. Measured in the page, so a busy test runner that notices the text late cannot make
 * the wait look shorter than it was. Call before `page.goto`; the returned function waits for the redirect.
 */
export async function watchTimedRedirect(page: Page, text: string, path: string): Promise<() => Promise<number>> {
  await page.addInitScript(
    ({ text, path }) => {
      const mark = { shownAt: -1, leftAt: -1 };
      (window as TimedRedirectWindow).__timedRedirect = mark;
      const check = () => {
        if (mark.shownAt < 0 && document.body?.textContent?.includes(text)) mark.shownAt = performance.now();
        if (mark.shownAt >= 0 && mark.leftAt < 0 && location.pathname === path) mark.leftAt = performance.now();
      };
      new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method].bind(history);
        history[method] = (...args: Parameters<History['pushState']>) => {
          original(...args);
          check();
        };
      }
    },
    { text, path },
  );
  return async () => {
    await page.waitForFunction(() => ((window as TimedRedirectWindow).__timedRedirect?.leftAt ?? -1) >= 0, undefined, {
      timeout: 15_000,
    });
    return page.evaluate(() => {
      const mark = (window as TimedRedirectWindow).__timedRedirect!;
      return mark.leftAt - mark.shownAt;
    });
  };
}
