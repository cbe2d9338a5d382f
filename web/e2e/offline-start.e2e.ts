/**
 * The installed app opened without a network (issue 23 item 3), on a phone against the real product with its
 * service worker: the session kept on the device opens /app at once with the saved notes (no wait on Firebase or
 * the server), and what needs the server outside the notes (uploading, the languages, subscribing, deleting the
 * account, sending feedback) is disabled with the reason on screen, while nothing typed is lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSignedIn, waitForToast, type Product, type SignedIn } from './harness.js';
import { activeWorker, keptOnDevice, noteCard, PHONE_CONTEXT } from './pwa-helpers.js';
import { seedNote } from './seed.js';

let session: SignedIn;
let product: Product;
let page: Page;

/**
 * A phone's browser, as Firebase Auth sees it: on a mobile browser it readies its sign-in iframe at start, and
 * offline that iframe never answers (5 s of waiting, the delay issue 23 reported).
 */
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const TITLES = ['Krebs cycle in eight steps', 'Glycolysis at a glance'];

/** Where the page's own clock marks the spinner's appearance and end, and the first saved note (performance.now()). */
type StartMarks = { spinnerFrom: number; spinnerTo: number; notesAt: number };
type MarkedWindow = Window & { __offlineStart?: StartMarks };

/**
 * Records, with the page's clock from the start of the navigation, when "Checking your session" shows and goes,
 * and when the first saved note's title is on screen. Measured in the page: a busy test runner that looks late
 * cannot make the wait look shorter or longer than it was.
 */
async function watchStart(target: Page, noteTitle: string): Promise<void> {
  await target.addInitScript((title) => {
    const marks: StartMarks = { spinnerFrom: -1, spinnerTo: -1, notesAt: -1 };
    (window as MarkedWindow).__offlineStart = marks;
    const check = () => {
      const text = document.body?.textContent ?? '';
      const spinner = text.includes('Checking your session');
      if (spinner && marks.spinnerFrom < 0) marks.spinnerFrom = performance.now();
      if (!spinner && marks.spinnerFrom >= 0 && marks.spinnerTo < 0) marks.spinnerTo = performance.now();
      if (marks.notesAt < 0 && [...document.querySelectorAll('h3')].some((h) => h.textContent?.includes(title))) {
        marks.notesAt = performance.now();
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  }, noteTitle);
}

beforeAll(async () => {
  session = await startSignedIn('Olive Offline', { context: PHONE_CONTEXT });
  ({ product, page } = session);
  for (const title of TITLES) {
    await seedNote(product, {
      userId: session.userId,
      title,
      keyPoints: ['Seeded for the offline start'],
      detailedSummary: 'A note kept on the device.',
      originalText: 'Some text read from a screenshot.',
      imageCount: 1,
      fileName: 'seed.png',
    });
  }
  expect(await activeWorker(page)).toBe(`${product.url}/sw.js`);
  await page.reload();
  for (const title of TITLES) await noteCard(page, new RegExp(title)).waitFor();
});
afterAll(async () => {
  await session?.close();
});

describe('offline start', () => {
  it('opens /app with the saved notes at once, and says why uploading is off', async () => {
    // The kept cache is written at most once a second: wait for the write of what is on screen now.
    await page.waitForTimeout(1_500);
    await expect.poll(() => keptOnDevice(page), { timeout: 5_000 }).toEqual({ caches: 1, user: true });
    await watchStart(page, TITLES[0]!);
    // From now on the page is a phone's browser to Firebase too (signing in through the emulator's popup needs the
    // desktop one).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setUserAgentOverride', { userAgent: ANDROID_CHROME });
    await page.context().setOffline(true);
    // The network cut in the CDP session too: its user agent override would otherwise leave navigator.onLine true.
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    try {
      await page.reload();
      await noteCard(page, new RegExp(TITLES[0]!)).waitFor({ timeout: 5_000 });
      await noteCard(page, new RegExp(TITLES[1]!)).waitFor();
      const marks = await page.evaluate(() => (window as MarkedWindow).__offlineStart!);
      // The spinner, if it showed at all, was gone at once: the regression waited 5.6 s for Firebase. The bound leaves
      // a page on a loaded two-core CI runner room to render (well under a second when idle) and still fails at 5.6 s.
      const spinnerShown = marks.spinnerFrom < 0 ? 0 : marks.spinnerTo - marks.spinnerFrom;
      expect(marks.spinnerFrom < 0 || marks.spinnerTo >= 0, JSON.stringify(marks)).toBe(true);
      expect(spinnerShown, JSON.stringify(marks)).toBeLessThan(2_500);
      expect(await page.getByText('Checking your session').count()).toBe(0);

      await page.getByText("You're offline").first().waitFor();
      const browse = page.getByRole('button', { name: 'Browse Files' });
      expect(await browse.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Take a photo', exact: true }).isDisabled()).toBe(true);
      const reason = page.getByText("You're offline: uploading needs a connection.");
      await reason.waitFor();
      // The reason is the buttons' description, for a screen reader too.
      const describedBy = (await browse.getAttribute('aria-describedby')) ?? '';
      const reasonId = await reason.getAttribute('id');
      expect(reasonId && describedBy.split(' ').includes(reasonId)).toBe(true);
    } finally {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.detach();
      await page.context().setOffline(false);
    }
    // Back online, uploading is on again.
    await expect.poll(() => page.getByRole('button', { name: 'Browse Files' }).isDisabled()).toBe(false);
    expect(await page.getByText("You're offline: uploading needs a connection.").count()).toBe(0);
  });

  it('disables the settings that need the server, with the reason, and turns them on again online', async () => {
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Upgrade' }).waitFor();
    await page.context().setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { name: 'Settings' }).waitFor({ timeout: 5_000 });
      expect(await page.getByRole('button', { name: 'Upgrade' }).isDisabled()).toBe(true);
      await page.getByText("You're offline: subscribing needs a connection.").waitFor();
      expect(await page.getByRole('button', { name: 'Delete account' }).isDisabled()).toBe(true);
      await page.getByText("You're offline: deleting your account needs a connection.").waitFor();
    } finally {
      await page.context().setOffline(false);
    }
    await expect.poll(() => page.getByRole('button', { name: 'Upgrade' }).isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Delete account' }).isDisabled()).toBe(false);
  });

  it('keeps the feedback typed while offline, and sends it once the connection is back', async () => {
    await page.goto('/feedback');
    await page.getByRole('button', { name: 'Send Feedback' }).waitFor();
    await page.context().setOffline(true);
    const message = 'Reading my notes on the train works well, thank you.';
    try {
      await page.getByLabel('Name').fill('Olive Offline');
      await page.getByLabel('Email').fill('olive@example.com');
      await page.getByLabel('Message').fill(message);
      expect(await page.getByRole('button', { name: 'Send Feedback' }).isDisabled()).toBe(true);
      await page.getByText("You're offline: sending feedback needs a connection.").waitFor();
    } finally {
      await page.context().setOffline(false);
    }
    const send = page.getByRole('button', { name: 'Send Feedback' });
    await expect.poll(() => send.isDisabled()).toBe(false);
    expect(await page.getByLabel('Message').inputValue()).toBe(message);
    await send.click();
    await waitForToast(page, 'Feedback sent', 'Thank you for your feedback!');
  });
});
