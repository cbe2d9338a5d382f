/**
 * What a hostile website can do with the share target, and what stays on the device when a session ends (issue 22
 * items 1 and 9), in Chromium against the real product with its service worker:
 * - another site's form POST to /share-target is not kept; one that hides its origin is only asked about, and
 *   "Discard" uploads nothing and spends no upload;
 * - a share belongs to the account signed in when it arrived: another account is never offered it;
 * - a sign-out in another tab, and a token the server refuses (401), wipe the offline cache like a logout here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { renderScreenshot } from '@snapnotes/testing/images';
import {
  launchBrowser,
  newAccount,
  signedInSession,
  signInWithPopup,
  startProduct,
  waitForPath,
  waitForToast,
  type Product,
  type Session,
} from './harness.js';
import {
  activeWorker,
  keptOnDevice,
  PHONE_CONTEXT,
  shareFromPhone,
  shareQuestion,
  sharesOnDevice,
} from './pwa-helpers.js';

let product: Product;
let browser: Browser;
let shot: Buffer;

beforeAll(async () => {
  [product, browser, shot] = await Promise.all([
    startProduct(),
    launchBrowser(),
    renderScreenshot({ lines: ['Photosynthesis turns light into sugar', 'inside the chloroplasts'] }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

/** A fresh phone browser with a new account signed in on /app, its service worker in control. */
async function signedInPhone(name: string): Promise<Session> {
  const session = await signedInSession(browser, product.url, name, PHONE_CONTEXT);
  expect(await activeWorker(session.page)).toBe(`${product.url}/sw.js`);
  return session;
}

/** Records the upload requests a page sends. */
function watchUploads(page: Page): { sent: string[]; stop(): void } {
  const sent: string[] = [];
  const onRequest = (request: Request) => {
    if (request.url().endsWith('/api/process-screenshots')) sent.push(request.url());
  };
  page.on('request', onRequest);
  return { sent, stop: () => page.off('request', onRequest) };
}

async function remainingUploads(page: Page): Promise<string> {
  return (await page.getByText(/free uploads? left this month/).innerText()).trim();
}

/**
 * A page of another site (localhost is not the site of 127.0.0.1) that posts a PNG to the app's share target as the
 * share sheet would, on load. `hideOrigin` sends it with Referrer-Policy no-referrer: its Origin is then "null".
 */
async function postFromHostileSite(page: Page, { hideOrigin }: { hideOrigin: boolean }): Promise<void> {
  const hostile = `http://localhost:${new URL(product.url).port}/free-prizes`;
  const html = `<!doctype html><html><head>${hideOrigin ? '<meta name="referrer" content="no-referrer">' : ''}</head>
<body><form method="post" enctype="multipart/form-data" action="${product.url}/share-target">
<input type="file" name="images"></form><script>
const bytes = Uint8Array.from(atob('${shot.toString('base64')}'), (c) => c.charCodeAt(0));
const files = new DataTransfer();
files.items.add(new File([bytes], 'planted.png', { type: 'image/png' }));
document.querySelector('input').files = files.files;
document.forms[0].submit();
</script></body></html>`;
  await page.route(hostile, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
  await page.goto(hostile);
  await page.waitForURL((url) => url.origin === product.url && url.pathname === '/app');
}

describe('the share target and other websites', () => {
  it("does not keep another site's POST to the share target", async () => {
    const { context, page } = await signedInPhone('Hana Hostile');
    const uploads = watchUploads(page);
    try {
      await postFromHostileSite(page, { hideOrigin: false });
      await waitForToast(page, 'Shared images ignored', 'Another website tried to send images to SnapNotes.');
      await page.getByText(/free uploads? left this month/).waitFor();
      await page.waitForTimeout(1_000);
      expect(await shareQuestion(page, 1).count()).toBe(0);
      expect(await sharesOnDevice(page)).toBe(0);
      expect(uploads.sent).toEqual([]);
    } finally {
      uploads.stop();
      await context.close();
    }
  });

  it('asks about a POST that hides its origin, and Discard uploads nothing and spends no upload', async () => {
    const { context, page } = await signedInPhone('Dana Discard');
    const uploads = watchUploads(page);
    try {
      const before = await remainingUploads(page);
      await postFromHostileSite(page, { hideOrigin: true });
      const question = shareQuestion(page, 1);
      await question.waitFor();
      await question.getByRole('img', { name: 'planted.png' }).waitFor();
      await question.getByRole('button', { name: 'Discard' }).click();
      await question.waitFor({ state: 'detached' });
      await expect.poll(() => sharesOnDevice(page)).toBe(0);
      await page.reload();
      await page.getByText(/free uploads? left this month/).waitFor();
      await page.waitForTimeout(1_000);
      expect(await shareQuestion(page, 1).count()).toBe(0);
      expect(await remainingUploads(page)).toBe(before);
      expect(await page.getByText('No notes yet').count()).toBe(1);
      expect(uploads.sent).toEqual([]);
    } finally {
      uploads.stop();
      await context.close();
    }
  });
});

describe('whose a share is', () => {
  it("never offers one account's share to the next account signed in on the device", async () => {
    const { context, page } = await signedInPhone('Ada Owner');
    const uploads = watchUploads(page);
    try {
      // Ada's session ends while the app is closed (it expired, or was revoked): Firebase forgets it, the inbox
      // still names her as the account signed in. A screenshot shared now is hers.
      await page.goto('/healthz');
      await page.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const deletion = indexedDB.deleteDatabase('firebaseLocalStorageDb');
            deletion.onsuccess = () => resolve();
            deletion.onerror = () => reject(deletion.error);
          }),
      );
      await shareFromPhone(page, 'adas-screenshot.png', shot);
      await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('share'));
      expect(await sharesOnDevice(page)).toBe(1);

      // Bert signs in on the same phone: he is not asked about Ada's screenshot, and it is deleted.
      await signInWithPopup(page, newAccount('Bert Next'));
      await page.getByText(/free uploads? left this month/).waitFor();
      await expect.poll(() => sharesOnDevice(page)).toBe(0);
      await page.waitForTimeout(1_000);
      expect(await shareQuestion(page, 1).count()).toBe(0);
      expect(uploads.sent).toEqual([]);
    } finally {
      uploads.stop();
      await context.close();
    }
  });

  it("deletes an account's unanswered share when it signs out", async () => {
    const { context, page } = await signedInPhone('Cleo Leaves');
    try {
      await shareFromPhone(page, 'cleos-screenshot.png', shot);
      await shareQuestion(page, 1).waitFor();
      expect(await sharesOnDevice(page)).toBe(1);
      // Signed out in a second tab (its settings page: on /app it would be asked too) while the question is open here.
      const other = await context.newPage();
      await other.goto('/settings');
      await other.getByRole('button', { name: 'Account menu' }).click();
      await other.getByRole('menuitem', { name: /Log ?out|Sign ?out/i }).click();
      await waitForPath(other, '/?tab=login');
      await expect.poll(() => sharesOnDevice(other)).toBe(0);
      // The first tab leaves the session too, and its question goes with it.
      await waitForPath(page, '/?tab=login');
      expect(await shareQuestion(page, 1).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('what stays on the device when a session ends elsewhere', () => {
  it('a sign-out in another tab signs this tab out and wipes the kept notes', async () => {
    const { context, page } = await signedInPhone('Tom Tabs');
    try {
      await page.getByText(/free uploads? left this month/).waitFor();
      await expect.poll(() => keptOnDevice(page), { timeout: 5_000 }).toEqual({ caches: 1, user: true });

      const other = await context.newPage();
      await other.goto('/app');
      await other.getByText(/free uploads? left this month/).waitFor();
      await other.getByRole('button', { name: 'Account menu' }).click();
      await other.getByRole('menuitem', { name: /Log ?out|Sign ?out/i }).click();
      await waitForPath(other, '/?tab=login');

      // The first tab leaves the session at once and keeps nothing, even when it becomes visible again right away
      // (a refetch on focus would write the cache back).
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
      await waitForPath(page, '/?tab=login', 5_000);
      await page.waitForTimeout(1_500); // the kept cache is written at most once a second
      expect(await keptOnDevice(page)).toEqual({ caches: 0, user: false });
      expect(await page.getByText(/free uploads? left this month/).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a token the server refuses (401) signs out and wipes the kept notes', async () => {
    const { context, page } = await signedInPhone('Rita Revoked');
    try {
      await page.getByText(/free uploads? left this month/).waitFor();
      await expect.poll(() => keptOnDevice(page), { timeout: 5_000 }).toEqual({ caches: 1, user: true });
      // From now on the token is one the server no longer accepts (expired, or the account's sessions revoked).
      await context.route(`${product.url}/api/**`, (route) =>
        route.continue({ headers: { ...route.request().headers(), authorization: 'Bearer revoked.token.value' } }),
      );
      // The page becomes visible again: its data is refetched (refetch on focus), with that token.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
      await waitForToast(page, 'Session expired', 'Please sign in again.');
      await waitForPath(page, '/?tab=login');
      await page.waitForTimeout(1_500);
      expect(await keptOnDevice(page)).toEqual({ caches: 0, user: false });
    } finally {
      await context.close();
    }
  });
});
