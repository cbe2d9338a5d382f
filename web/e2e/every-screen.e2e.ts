/**
 * Issue 23 items 5 (landing), 9 and the accessibility check on every screen, in Chromium against the real product:
 * - on a phone (390×844) the landing page's "Sign in with Google" button, and the notice that a shared screenshot
 *   is waiting, are in the first screen;
 * - the landing page's tab panel is not a Tab stop of its own (its sign-in button is the next stop after the tabs),
 *   and every stop shows a focus indicator;
 * - axe-core finds no serious or critical violation on any screen (landing, /app with notes and with the plans,
 *   settings, both legal pages, about, feedback with its errors, the cancelled checkout, the 404 page), on a desktop
 *   and on a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import {
  expectAccessible,
  launchBrowser,
  newAccount,
  newSession,
  PHONE,
  signInWithPopup,
  startProduct,
  waitForTitle,
  type Product,
  type Session,
} from './harness.js';
import { PHONE_CONTEXT } from './pwa-helpers.js';
import { seedNote } from './seed.js';

let product: Product;
let browser: Browser;
const sessions: Session[] = [];
/** The signed-in user's cookies, local storage and IndexedDB (where Firebase keeps the session). */
let signedIn: Awaited<ReturnType<Session['context']['storageState']>>;

const NOTE_TITLE = 'Photosynthesis in two stages';

async function open(options: BrowserContextOptions = {}): Promise<Page> {
  const session = await newSession(browser, product.url, options);
  sessions.push(session);
  return session.page;
}

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  const page = await open();
  const idRequest = page.waitForRequest((req) => /\/api\/notes\/\d+(\?|$)/.test(req.url()));
  await signInWithPopup(page, newAccount('Axel Axe'));
  const userId = Number(new URL((await idRequest).url()).pathname.split('/').pop());
  await seedNote(product, {
    userId,
    title: NOTE_TITLE,
    keyPoints: ['Light reactions make ATP and NADPH', 'The Calvin cycle fixes carbon'],
    detailedSummary: 'Photosynthesis turns light into chemical energy in two stages.',
    originalText: 'Photosynthesis: light reactions, then the Calvin cycle.',
    imageCount: 1,
    fileName: 'photosynthesis.png',
  });
  signedIn = await page.context().storageState({ indexedDB: true });
});
afterAll(async () => {
  for (const session of sessions) await session.context.close().catch(() => {});
  await browser?.close();
  await product?.close();
});

/** Whether the element's box lies wholly inside the first screen (no scrolling). */
async function inFirstScreen(target: Page, name: string, box: { x: number; y: number; width: number; height: number }) {
  const { width, height } = target.viewportSize()!;
  const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
  expect(inside, `${name} at ${JSON.stringify(box)} in ${width}×${height}`).toBe(true);
}

describe('the landing page on a phone', () => {
  it('shows "Sign in with Google" and the waiting screenshot\'s notice in the first screen', async () => {
    const page = await open(PHONE_CONTEXT);
    for (const path of ['/', '/?tab=signup&share=from-the-share-sheet']) {
      await page.goto(path);
      const button = page.getByRole('button', { name: 'Sign in with Google' });
      await button.waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await inFirstScreen(page, `${path}: Sign in with Google`, (await button.boundingBox())!);
      if (path.includes('share=')) {
        const notice = page.getByText('Sign in to turn the screenshot you shared into a note.');
        await notice.waitFor();
        await inFirstScreen(page, `${path}: the shared screenshot's notice`, (await notice.boundingBox())!);
      }
    }
  });
});

/** Role and name of the focused element, and whether it shows a focus indicator. */
async function focused(target: Page): Promise<{ role: string; name: string; indicator: boolean }> {
  return target.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { role: '', name: '', indicator: false };
    const style = getComputedStyle(el);
    const indicator =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    const name = (el.getAttribute('aria-label') ?? el.innerText ?? '').trim().replace(/\s+/g, ' ');
    return { role: el.getAttribute('role') ?? el.tagName.toLowerCase(), name, indicator };
  });
}

describe('keyboard on the landing page', () => {
  it('goes from the selected tab straight to the sign-in button, each stop with a focus indicator', async () => {
    const page = await open();
    await page.goto('/?tab=signup');
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    const stops: { role: string; name: string; indicator: boolean }[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const stop = await focused(page);
      stops.push(stop);
      if (stop.name === 'Privacy Policy') break;
    }
    const order = stops.map((s) => `${s.role}:${s.name}`);
    expect(
      order.some((s) => s.startsWith('tabpanel')),
      order.join(' → '),
    ).toBe(false);
    const tab = order.indexOf('tab:Sign Up');
    expect(tab, order.join(' → ')).toBeGreaterThanOrEqual(0);
    expect(order[tab + 1], order.join(' → ')).toBe('button:Sign in with Google');
    expect(
      stops.filter((s) => !s.indicator).map((s) => s.name),
      'stops without a focus indicator',
    ).toEqual([]);
  });
});

/** Holds the cancelled checkout's 2 s return to /app, so the page can be checked where it is. */
async function holdCancelRedirect(target: Page): Promise<void> {
  await target.addInitScript(() => {
    const original = window.setTimeout.bind(window);
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) =>
      location.pathname === '/subscription/cancel' && delay === 2000
        ? 0
        : original(handler, delay, ...args)) as typeof window.setTimeout;
  });
}

/** Every screen, checked by axe-core once it shows what it is for. */
async function checkEveryScreen(target: Page, visitor: Page, label: string): Promise<void> {
  const check = (page: Page, name: string) => expectAccessible(page, `${name} (${label})`);

  await visitor.goto('/');
  await visitor.getByRole('button', { name: 'Sign in with Google' }).waitFor();
  await check(visitor, '/');
  await visitor.goto('/?tab=signup&share=from-the-share-sheet');
  await visitor.getByText('Sign in to turn the screenshot you shared into a note.').waitFor();
  await check(visitor, '/?tab=signup with a shared screenshot waiting');
  for (const [path, title] of [
    ['/terms-of-service', 'Terms of Service'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/about', 'About'],
  ] as const) {
    await visitor.goto(path);
    await waitForTitle(visitor, `${title} | SnapNotes`);
    await visitor.locator('main h1').first().waitFor();
    await check(visitor, path);
  }
  await visitor.goto('/no-such-page');
  await visitor.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  await check(visitor, '404');

  await target.goto('/app');
  await target.getByRole('heading', { level: 3, name: NOTE_TITLE }).waitFor();
  await target.getByRole('button', { name: 'Detailed Summary' }).first().click();
  await check(target, '/app with a note open');
  await target.getByRole('button', { name: /^Go unlimited/ }).click();
  await target.getByRole('region', { name: 'Unlock unlimited uploads' }).waitFor();
  await check(target, '/app with the plans');

  await target.goto('/settings');
  await target.getByText('Total Words Processed').waitFor();
  await target.getByRole('button', { name: 'Upgrade' }).waitFor();
  await check(target, '/settings');

  await target.goto('/feedback');
  await target.getByRole('button', { name: 'Send Feedback' }).click();
  await target.getByText('Message must be at least 10 characters.').waitFor();
  await check(target, '/feedback with its errors');

  await target.goto('/subscription/cancel');
  await target.getByText("You've cancelled the subscription process.").waitFor();
  await target.getByText('Subscription not completed').first().waitFor();
  await check(target, '/subscription/cancel');
}

describe('axe-core on every screen', () => {
  it('finds no serious or critical violation on a desktop', async () => {
    const target = await open({ storageState: signedIn });
    await holdCancelRedirect(target);
    await checkEveryScreen(target, await open(), 'desktop');
  });

  it('finds no serious or critical violation on a phone', async () => {
    const target = await open({ ...PHONE_CONTEXT, storageState: signedIn });
    await holdCancelRedirect(target);
    expect(target.viewportSize()).toEqual(PHONE);
    await checkEveryScreen(target, await open(PHONE_CONTEXT), 'phone');
  });
});
