/**
 * JavaScript size budgets (issues 13 and 23): the bytes of JavaScript a page costs as a browser receives them.
 *   - In Chromium, from the real product: Chrome's own count of the bytes each script's body took on the wire
 *     (DevTools protocol, Network.dataReceived), on / signed out and on a fresh load of /app signed in, with the
 *     HTTP cache off and the service worker bypassed (a first visit). Every script and stylesheet must come
 *     compressed (Content-Encoding br or gzip).
 *   - From the build (web/dist): the entry's and the lazy page's chunks (Vite's manifest) each have their .br and
 *     .gz, and their .br sizes (what the gateway sends a browser) stay within the same budgets.
 * Each fails when a budget is exceeded or a file goes uncompressed.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, CDPSession, Page } from 'playwright-core';
import {
  launchBrowser,
  newAccount,
  newSession,
  signInWithPopup,
  startProduct,
  WEB_DIST_DIR,
  type Product,
  type Session,
} from './harness.js';

/**
 * Budgets in KB (1,000 bytes) on the wire. The landing page loads React, the router, the session check and its own
 * page: the Firebase SDK loads only when a sign-in may be stored or starts (features/auth/lazy-identity.ts), the
 * query cache and the toasts with their first use (app/query-layer.tsx, components/ui/lazy-toaster.tsx).
 */
const BUDGET_KB = { landing: 120, app: 250 } as const;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest {
  return JSON.parse(readFileSync(resolve(WEB_DIST_DIR, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The JavaScript files loaded for these manifest keys: each chunk and its static imports, recursively. */
function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js'));
}

/** The brotli size of a page's chunks in the build (what the gateway sends a browser that accepts br). */
function closureBrotliKb(manifest: Manifest, page: string): { kb: number; files: string[] } {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The manifest has no entry');
  if (!manifest[page]) throw new Error(`${page} is not a lazy chunk of the manifest`);
  const files = staticClosure(manifest, [entry, page]);
  for (const file of files) {
    for (const suffix of ['.br', '.gz']) {
      expect(existsSync(resolve(WEB_DIST_DIR, file + suffix)), `${file}${suffix} beside ${file}`).toBe(true);
    }
  }
  const kb = files.reduce((sum, file) => sum + statSync(resolve(WEB_DIST_DIR, `${file}.br`)).size / 1000, 0);
  return { kb, files };
}

const describeSize = (label: string, kb: number, files: readonly string[]) =>
  `${label}: ${kb.toFixed(1)} KB of JavaScript on the wire in ${files.length} files\n  ${files.join('\n  ')}`;

describe('JavaScript budgets from the build', () => {
  it(`the landing page's chunks are precompressed and stay within ${BUDGET_KB.landing} KB of brotli`, () => {
    const { kb, files } = closureBrotliKb(readManifest(), 'src/features/landing/landing-page.tsx');
    expect(kb, describeSize('/', kb, files)).toBeLessThanOrEqual(BUDGET_KB.landing);
  });

  it(`the /app page's chunks are precompressed and stay within ${BUDGET_KB.app} KB of brotli`, () => {
    const { kb, files } = closureBrotliKb(readManifest(), 'src/app/routes/app-page.tsx');
    expect(kb, describeSize('/app', kb, files)).toBeLessThanOrEqual(BUDGET_KB.app);
  });
});

interface Transfer {
  url: string;
  kind: 'script' | 'style';
  encoding: string;
  /** Bytes of the body as received (compressed), by Chrome's count. */
  bodyBytes: number;
  fromCache: boolean;
}

/**
 * Records, through the DevTools protocol, every script and stylesheet the page receives from the product: its
 * Content-Encoding and the bytes its body took on the wire. The HTTP cache is off and the service worker bypassed,
 * so each file comes from the network, as on a first visit.
 */
async function recordTransfers(page: Page, origin: string): Promise<{ stop(): Promise<Transfer[]> }> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  const requests = new Map<string, Transfer & { done: boolean }>();
  cdp.on('Network.responseReceived', (event) => {
    const { url, headers, fromDiskCache, fromServiceWorker, fromPrefetchCache } = event.response;
    if (!url.startsWith(origin)) return;
    const path = new URL(url).pathname;
    const kind =
      event.type === 'Script' || path.endsWith('.js') ? 'script' : event.type === 'Stylesheet' ? 'style' : null;
    if (!kind) return;
    const encoding = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? '';
    requests.set(event.requestId, {
      url: path,
      kind,
      encoding: String(encoding),
      bodyBytes: 0,
      fromCache: Boolean(fromDiskCache || fromServiceWorker || fromPrefetchCache),
      done: false,
    });
  });
  cdp.on('Network.dataReceived', (event) => {
    const transfer = requests.get(event.requestId);
    if (transfer) transfer.bodyBytes += event.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const transfer = requests.get(event.requestId);
    if (transfer) transfer.done = true;
  });
  return {
    async stop() {
      // Let the last loadingFinished events arrive.
      const deadline = Date.now() + 5000;
      while ([...requests.values()].some((t) => !t.done) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await cdp.detach();
      return [...requests.values()].map(({ done: _done, ...transfer }) => transfer);
    },
  };
}

/** Checks every file came compressed and from the network; returns the KB of JavaScript on the wire. */
function scriptKb(label: string, transfers: Transfer[]): number {
  expect(transfers.filter((t) => t.kind === 'script').length, `${label}: scripts seen`).toBeGreaterThan(0);
  expect(transfers.filter((t) => t.kind === 'style').length, `${label}: stylesheets seen`).toBeGreaterThan(0);
  for (const transfer of transfers) {
    expect(transfer.encoding, `${label}: Content-Encoding of ${transfer.url}`).toMatch(/^(br|gzip)$/);
    expect(transfer.fromCache, `${label}: ${transfer.url} came from a cache`).toBe(false);
    expect(transfer.bodyBytes, `${label}: bytes of ${transfer.url}`).toBeGreaterThan(0);
  }
  const scripts = transfers.filter((t) => t.kind === 'script');
  const kb = scripts.reduce((sum, t) => sum + t.bodyBytes / 1000, 0);
  return kb;
}

const listing = (transfers: Transfer[]) =>
  transfers
    .filter((t) => t.kind === 'script')
    .map((t) => `${t.url} ${(t.bodyBytes / 1000).toFixed(1)} KB ${t.encoding}`);

describe('JavaScript budgets in the browser', () => {
  let product: Product;
  let browser: Browser;
  let session: Session;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });
  afterAll(async () => {
    await session?.context.close().catch(() => {});
    await browser?.close();
    await product?.close();
  });

  it(`/ signed out receives at most ${BUDGET_KB.landing} KB of JavaScript, /app signed in at most ${BUDGET_KB.app}, all compressed`, async () => {
    session = await newSession(browser, product.url);
    const { page } = session;
    let recording = await recordTransfers(page, product.url);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    let transfers = await recording.stop();
    const landing = scriptKb('/', transfers);
    expect(landing, describeSize('/', landing, listing(transfers))).toBeLessThanOrEqual(BUDGET_KB.landing);

    await signInWithPopup(page, newAccount('Bea Budget'));
    // A fresh load of /app, signed in (the session persists), as a first visit: nothing from a cache or the worker.
    await page.goto('about:blank');
    recording = await recordTransfers(page, product.url);
    await page.goto('/app', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Your Notes' }).waitFor();
    transfers = await recording.stop();
    const app = scriptKb('/app', transfers);
    expect(app, describeSize('/app', app, listing(transfers))).toBeLessThanOrEqual(BUDGET_KB.app);
    console.info(
      `bundle budgets on the wire: / ${landing.toFixed(1)} KB of ${BUDGET_KB.landing}, /app ${app.toFixed(1)} KB of ${BUDGET_KB.app}`,
    );
  });
});
