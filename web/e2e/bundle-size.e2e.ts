/**
 * JavaScript size budgets (issue 13): the gzip size of every JavaScript file a page loads, measured two ways on the
 * built app (web/dist): from Vite's manifest (the entry's static imports, plus the lazy page's chunk and its static
 * imports), and in Chromium from the real product (every .js response of the page, signed out on / and signed in
 * on /app). Each fails when a budget is exceeded.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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
 * Budgets in KB (1,000 bytes) of gzip (issue 13). The landing page loads React, the router, the session check and its
 * own page: the Firebase SDK loads only when a sign-in may be stored or starts (features/auth/lazy-identity.ts), the
 * query cache and the toasts with their first use (app/query-layer.tsx, components/ui/lazy-toaster.tsx).
 */
const BUDGET_KB = { landing: 120, app: 250 } as const;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const gzipKb = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length / 1000;

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

function closureKb(manifest: Manifest, page: string): { kb: number; files: string[] } {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The manifest has no entry');
  if (!manifest[page]) throw new Error(`${page} is not a lazy chunk of the manifest`);
  const files = staticClosure(manifest, [entry, page]);
  const kb = files.reduce((sum, file) => sum + gzipKb(readFileSync(resolve(WEB_DIST_DIR, file))), 0);
  return { kb, files };
}

const describeSize = (label: string, kb: number, files: readonly string[]) =>
  `${label}: ${kb.toFixed(1)} KB gzip of JavaScript in ${files.length} files\n  ${files.join('\n  ')}`;

describe('JavaScript budgets from the build manifest', () => {
  it(`the landing page's chunks stay within ${BUDGET_KB.landing} KB gzip`, () => {
    const { kb, files } = closureKb(readManifest(), 'src/features/landing/landing-page.tsx');
    expect(kb, describeSize('/', kb, files)).toBeLessThanOrEqual(BUDGET_KB.landing);
  });

  it(`the /app page's chunks stay within ${BUDGET_KB.app} KB gzip`, () => {
    const { kb, files } = closureKb(readManifest(), 'src/app/routes/app-page.tsx');
    expect(kb, describeSize('/app', kb, files)).toBeLessThanOrEqual(BUDGET_KB.app);
  });
});

/** Records the gzip size of every JavaScript response the page receives from the product. */
function recordJs(page: Page, origin: string): Map<string, number> {
  const sizes = new Map<string, number>();
  page.on('response', (response) => {
    const url = response.url();
    if (!url.startsWith(origin) || !new URL(url).pathname.endsWith('.js')) return;
    void response
      .body()
      .then((body) => sizes.set(new URL(url).pathname, gzipKb(body)))
      .catch(() => {});
  });
  return sizes;
}

const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((a, b) => a + b, 0);

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

  it(`/ signed out loads at most ${BUDGET_KB.landing} KB gzip of JavaScript, /app signed in at most ${BUDGET_KB.app}`, async () => {
    session = await newSession(browser, product.url);
    const { page } = session;
    let sizes = recordJs(page, product.url);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    const landing = total(sizes);
    expect(landing, describeSize('/', landing, [...sizes.keys()])).toBeLessThanOrEqual(BUDGET_KB.landing);

    await signInWithPopup(page, newAccount('Bea Budget'));
    // A fresh load of /app, signed in (the session persists), from an empty memory cache.
    await page.goto('about:blank');
    page.removeAllListeners('response');
    sizes = recordJs(page, product.url);
    await page.goto('/app', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Your Notes' }).waitFor();
    const app = total(sizes);
    expect(app, describeSize('/app', app, [...sizes.keys()])).toBeLessThanOrEqual(BUDGET_KB.app);
  });
});
