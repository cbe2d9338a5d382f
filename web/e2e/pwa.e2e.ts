/**
 * SnapNotes on the phone (issue 15), in Chromium with a phone's viewport and touch screen against the real product:
 * the manifest, icons and service worker are valid and Chrome finds the app installable; a screenshot shared
 * through the share target becomes a note once the user confirms it, also when it was shared signed out (the
 * share target's safety and the data left on the device: share-and-session.e2e.ts); the notes already loaded are read
 * with the network cut; a 48-megapixel camera photo is made to fit and accepted; a note goes to the Web Share API;
 * a new version is offered with a toast and taken with a reload.
 *
 * The product serves a copy of the build (the last test publishes a changed service worker into it).
 */
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page, Request } from 'playwright-core';
import { renderScreenshot } from '@snapnotes/testing/images';
import {
  launchBrowser,
  newAccount,
  newPersistentSession,
  newSession,
  signInWithPopup,
  startProduct,
  waitForToast,
  WEB_DIST_DIR,
  type GoogleAccount,
  type Product,
  type Session,
} from './harness.js';
import {
  activeWorker,
  keptOnDevice,
  noteCard,
  PHONE_CONTEXT,
  shareFromPhone,
  shareQuestion,
  sharesOnDevice,
  waitForNoteCreated,
} from './pwa-helpers.js';

let dist: string;
let product: Product;
let browser: Browser;
let session: Session;
let page: Page;
let account: GoogleAccount;
let sharedShot: Buffer;
let waitingShot: Buffer;

const SHARED_TITLE_WORDS = /mitochondria/i;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'snapnotes-pwa-dist-'));
  await cp(WEB_DIST_DIR, dist, { recursive: true });
  [product, browser, sharedShot, waitingShot] = await Promise.all([
    startProduct({ WEB_DIST_DIR: dist }),
    launchBrowser(),
    renderScreenshot({ lines: ['Mitochondria make ATP for the cell', 'through cellular respiration'] }),
    renderScreenshot({ lines: ['Ribosomes build proteins from amino acids', 'following the messenger RNA'] }),
  ]);
  session = await newSession(browser, product.url, PHONE_CONTEXT);
  page = session.page;
  account = newAccount('Pip Phone');
});
afterAll(async () => {
  await session?.context.close().catch(() => {});
  await browser?.close();
  await product?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

describe('the installable app', () => {
  it('links a valid manifest with every icon, both theme colours and the share target', async () => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(href!);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; purpose: string; type: string }[];
      share_target: { action: string; method: string; enctype: string; params: { files: { name: string }[] } };
    };
    expect(manifest).toMatchObject({
      name: 'SnapNotes',
      short_name: 'SnapNotes',
      start_url: '/app',
      display: 'standalone',
      scope: '/',
    });
    for (const purpose of ['any', 'maskable']) {
      expect(manifest.icons.some((icon) => icon.purpose === purpose && icon.sizes === '512x512')).toBe(true);
    }
    expect(manifest.icons.some((icon) => icon.sizes === '192x192')).toBe(true);
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      const { width, height, format } = await sharp(await image.body()).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(format).toBe('png');
    }
    expect(manifest.share_target).toMatchObject({
      action: '/share-target',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { files: [{ name: 'images' }] },
    });
    const themes = await page
      .locator('meta[name="theme-color"]')
      .evaluateAll((metas) => metas.map((m) => [m.getAttribute('media'), m.getAttribute('content')]));
    expect(themes).toEqual([
      ['(prefers-color-scheme: light)', '#ffffff'],
      ['(prefers-color-scheme: dark)', '#0a0a0a'],
    ]);
  });

  it('registers its service worker once signed in', async () => {
    await signInWithPopup(page, account);
    expect(await activeWorker(page)).toBe(`${product.url}/sw.js`);
    await page.reload();
    await page.getByRole('heading', { name: 'Your Notes' }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${product.url}/sw.js`);
  });

  it("meets Chrome's installability criteria (in a browser profile: incognito never installs)", async () => {
    const own = await newPersistentSession(product.url, PHONE_CONTEXT);
    try {
      await signInWithPopup(own.page, newAccount('Ike Install'));
      expect(await activeWorker(own.page)).toBe(`${product.url}/sw.js`);
      const cdp = await own.context.newCDPSession(own.page);
      const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
      expect(errors.map((e) => e.message)).toEqual([]);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    } finally {
      await own.context.close();
    }
  });
});

describe('sharing to SnapNotes', () => {
  it('turns a screenshot shared from the share sheet into a note once the user says Upload', async () => {
    const sent: string[] = [];
    const onRequest = (request: Request) => {
      if (request.url().endsWith('/api/process-screenshots')) sent.push(request.url());
    };
    page.on('request', onRequest);
    try {
      await shareFromPhone(page, 'mitochondria.png', sharedShot);
      await page.waitForURL((url) => url.pathname === '/app');
      // Asked first (issue 22): nothing is uploaded, nor taken from the inbox, before the answer.
      const question = shareQuestion(page, 1);
      await question.waitFor();
      await question.getByRole('img', { name: 'mitochondria.png' }).waitFor();
      expect(sent).toEqual([]);
      expect(await sharesOnDevice(page)).toBe(1);
      await question.getByRole('button', { name: 'Upload' }).click();
      await waitForNoteCreated(page);
    } finally {
      page.off('request', onRequest);
    }
    expect(sent).toHaveLength(1);
    await noteCard(page, SHARED_TITLE_WORDS).waitFor();
    // The share's id is taken out of the address, and the inbox is empty: a reload uploads nothing again.
    expect(new URL(page.url()).search).toBe('');
    await page.reload();
    await noteCard(page, SHARED_TITLE_WORDS).waitFor();
    expect(await page.getByText('Checking images for content and safety...').count()).toBe(0);
    expect(await shareQuestion(page, 1).count()).toBe(0);
    expect(await sharesOnDevice(page)).toBe(0);
  });

  it('keeps a screenshot shared while signed out, and asks to upload it once the user has signed in', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: /Log ?out|Sign ?out/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // Nothing of the user stays on the device: the kept notes and the kept account are gone.
    await expect.poll(() => keptOnDevice(page), { timeout: 5_000 }).toEqual({ caches: 0, user: false });

    await shareFromPhone(page, 'ribosomes.png', waitingShot);
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('share'));
    await page.getByText('Sign in to turn the screenshot you shared into a note.').waitFor();

    await signInWithPopup(page, account);
    await shareQuestion(page, 1).getByRole('button', { name: 'Upload' }).click();
    await waitForNoteCreated(page);
    await noteCard(page, /ribosom/i).waitFor();
  });
});

describe('on the phone', () => {
  it('reads the notes it has loaded with the network cut, and says so when asked to upload', async () => {
    await page.goto('/app');
    await noteCard(page, SHARED_TITLE_WORDS).waitFor();
    await noteCard(page, /ribosom/i).waitFor();
    // The kept cache is written at most once a second: an older copy may be there already (a note created just
    // before the page was left), so the test waits for the write of what is on screen now.
    await page.waitForTimeout(1_500);
    await expect.poll(() => keptOnDevice(page), { timeout: 5_000 }).toEqual({ caches: 1, user: true });

    await page.context().setOffline(true);
    try {
      await page.reload();
      await page.getByText("You're offline").first().waitFor();
      await noteCard(page, SHARED_TITLE_WORDS).waitFor();
      await noteCard(page, /ribosom/i).waitFor();

      // Choosing files is turned off, with the reason (issue 23); an image pasted anyway is told the same.
      expect(await page.getByRole('button', { name: 'Browse Files' }).isDisabled()).toBe(true);
      await page.getByText("You're offline: uploading needs a connection.").waitFor();
      await page.evaluate(
        (bytes) => {
          const files = new DataTransfer();
          files.items.add(new File([new Uint8Array(bytes)], 'offline.png', { type: 'image/png' }));
          document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: files, bubbles: true }));
        },
        [...sharedShot],
      );
      await page.getByText("You're offline. Connect to the internet, then upload again.").waitFor();
    } finally {
      await page.context().setOffline(false);
    }
  });

  it('takes a 48-megapixel camera photo, made to fit before upload', async () => {
    await page.goto('/app');
    const photo = await renderScreenshot({
      lines: ['Chloroplasts capture light energy', 'for photosynthesis in plant cells'],
      width: 8000,
      height: 6000,
      fontSize: 180,
      format: 'jpeg',
    });
    const camera = page.getByRole('button', { name: 'Take a photo', exact: true });
    await camera.waitFor();
    const sent: Buffer[] = [];
    const onRequest = (request: Request) => {
      if (!request.url().endsWith('/api/process-screenshots')) return;
      const boundary = /boundary=(.+)$/.exec(request.headers()['content-type'] ?? '')?.[1];
      const body = request.postDataBuffer();
      if (boundary && body) sent.push(...fileParts(body, boundary));
    };
    page.on('request', onRequest);
    try {
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), camera.click()]);
      expect(await chooser.element().getAttribute('capture')).toBe('environment');
      await chooser.setFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: photo });
      await waitForNoteCreated(page);
      await noteCard(page, /chloroplast|photosynthesis/i).waitFor();
    } finally {
      page.off('request', onRequest);
    }
    expect(sent).toHaveLength(1);
    const { width = 0, height = 0, format } = await sharp(sent[0]).metadata();
    expect(format).toBe('jpeg');
    expect(width * height).toBeLessThanOrEqual(16_000_000);
    expect(width / height).toBeCloseTo(8000 / 6000, 2);
  });

  it('shares a note through the Web Share API', async () => {
    // The system share sheet is outside the browser: a stand-in records what the page hands it.
    await page.context().addInitScript(() => {
      const calls: ShareData[] = [];
      Object.assign(window, { shareCalls: calls });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => void calls.push(data),
      });
    });
    await page.goto('/app');
    const card = noteCard(page, SHARED_TITLE_WORDS);
    const title = (await card.getByRole('heading', { level: 3 }).innerText()).trim();
    // On a phone the card's actions are in its "⋯" menu (issue 23).
    await card.getByRole('button', { name: `Actions for note: ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    const calls = await page.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.title).toBe(title);
    expect(calls[0]?.text).toMatch(/^.+\n\n• .+/s);
    expect(calls[0]?.text).toMatch(/mitochondria/i);
  });
});

/** The file parts of a multipart/form-data body. */
function fileParts(body: Buffer, boundary: string): Buffer[] {
  const parts: Buffer[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1 && /filename=/.test(part.subarray(0, headerEnd).toString())) {
      parts.push(Buffer.from(part.subarray(headerEnd + 4)));
    }
    start = next;
  }
  return parts;
}

describe('updates', () => {
  it('offers a new version with a toast, and reloads into it', async () => {
    await page.goto('/app');
    const before = await activeWorker(page);
    await appendFile(join(dist, 'sw.js'), '\n// a new release\n');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await waitForToast(page, 'New version available', 'Reload to use the latest SnapNotes.', 30_000);
    await Promise.all([
      page.waitForEvent('load', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await page.getByRole('heading', { name: 'Your Notes' }).waitFor();
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting !== null, controlled: navigator.serviceWorker.controller !== null };
    });
    expect(state).toEqual({ waiting: false, controlled: true });
    expect(before).toBe(`${product.url}/sw.js`);
  });
});
