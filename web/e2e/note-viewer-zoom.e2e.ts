/**
 * The image viewer at full size (issue 23, item 2), in a real browser against the real product, on a desktop
 * (1280×800) and a phone (390×844, touch): a 1280-px screenshot shown at full size pans to each of its four edges by
 * mouse wheel, keyboard (the zoomed box is a focusable, labelled region; the arrow keys pan it) and touch (a swipe),
 * with no serious axe violation. Offline, an original never opened on the device shows its thumbnail and says it is
 * not available offline, instead of loading forever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { renderScreenshot } from '@snapnotes/testing/images';
import { DESKTOP, expectAccessible, newSession, startSignedIn, type Session, type SignedIn } from './harness.js';
import { PHONE_CONTEXT } from './pwa-helpers.js';

let session: SignedIn;
let browser: Browser;
let signedIn: Awaited<ReturnType<Session['context']['storageState']>>;
const others: Session[] = [];

beforeAll(async () => {
  const [started, shot] = await Promise.all([
    startSignedIn('Zoe Zoom'),
    renderScreenshot({ lines: ['Mitochondria are the powerhouse of the cell', 'they turn glucose into ATP'] }),
  ]);
  session = started;
  browser = session.browser;
  const page = session.page;
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Browse Files' }).click(),
  ]);
  await chooser.setFiles({ name: 'cell.png', mimeType: 'image/png', buffer: shot });
  await page.getByText('Note created successfully!').waitFor({ timeout: 90_000 });
  signedIn = await session.context.storageState({ indexedDB: true });
});
afterAll(async () => {
  for (const other of others) await other.context.close().catch(() => {});
  await session?.close();
});

async function open(options: BrowserContextOptions): Promise<Page> {
  const other = await newSession(browser, session.product.url, { ...options, storageState: signedIn });
  others.push(other);
  return other.page;
}

interface Edges {
  /** The image's box, and the frame's visible area (without scrollbars), in viewport pixels. */
  image: { left: number; top: number; right: number; bottom: number };
  frame: { left: number; top: number; right: number; bottom: number };
  scrollLeft: number;
  scrollTop: number;
  maxLeft: number;
  maxTop: number;
}

function edges(frame: Locator): Promise<Edges> {
  return frame.evaluate((el) => {
    const img = el.querySelector('img')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    const left = box.left + el.clientLeft;
    const top = box.top + el.clientTop;
    return {
      image: { left: img.left, top: img.top, right: img.right, bottom: img.bottom },
      frame: { left, top, right: left + el.clientWidth, bottom: top + el.clientHeight },
      scrollLeft: el.scrollLeft,
      scrollTop: el.scrollTop,
      maxLeft: el.scrollWidth - el.clientWidth,
      maxTop: el.scrollHeight - el.clientHeight,
    };
  });
}

/** Every edge named is inside the frame's visible area (half a pixel of rounding allowed). */
function shows(e: Edges, sides: Array<'left' | 'top' | 'right' | 'bottom'>): boolean {
  // Within a pixel: a frame of fractional height scrolls to the whole pixel below its end.
  return sides.every((side) =>
    side === 'left' || side === 'top' ? e.image[side] >= e.frame[side] - 1.5 : e.image[side] <= e.frame[side] + 1.5,
  );
}

/** Opens the viewer on the note's screenshot and shows it at full size; answers the zoomed, focused region. */
async function zoomIn(page: Page): Promise<Locator> {
  await page.goto('/app');
  await page.getByRole('button', { name: 'View screenshot 1 of 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Screenshot 1 of 1' });
  const img = dialog.getByRole('img', { name: 'Screenshot 1 of 1' });
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 15_000 }).toBe(1280);
  await dialog.getByRole('button', { name: 'Show full size' }).click();
  const region = dialog.getByRole('region', { name: /^Screenshot 1 of 1 at full size/ });
  await region.waitFor();
  // The image is wider and taller than the box: there is something to pan to.
  const start = await edges(region);
  expect(start.maxLeft).toBeGreaterThan(50);
  expect(start.image.right - start.image.left).toBe(1280);
  // The region has the focus, so the arrow keys pan at once.
  expect(await region.evaluate((el) => el === document.activeElement)).toBe(true);
  return region;
}

/** Wheels over the region, one axis at a time, until `done` holds (a wheel scroll is animated). */
async function wheelUntil(page: Page, region: Locator, dx: number, dy: number, done: (e: Edges) => boolean) {
  const box = (await region.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  let now = await edges(region);
  for (let i = 0; i < 30 && !done(now); i++) {
    if (dx) await page.mouse.wheel(dx, 0);
    if (dy) await page.mouse.wheel(0, dy);
    await page.waitForTimeout(150);
    now = await edges(region);
  }
  return now;
}

/** Presses `key` until `done` holds (at most 60 times, the page's own scrolling is animated). */
async function pressUntil(page: Page, region: Locator, key: string, done: (e: Edges) => boolean): Promise<Edges> {
  let now = await edges(region);
  for (let i = 0; i < 60 && !done(now); i++) {
    await page.keyboard.press(key);
    await page.waitForTimeout(60);
    now = await edges(region);
  }
  return now;
}

/**
 * A one-finger swipe across the region through the DevTools protocol's touch events (what a finger sends; Chrome
 * turns them into a scroll gesture through touch-action and the page's touch listeners). The finger moves by
 * (dx, dy): moving it left shows the image's right part.
 */
async function swipe(page: Page, region: Locator, dx: number, dy: number): Promise<void> {
  const box = (await region.boundingBox())!;
  const x = box.x + box.width / 2 - dx / 2;
  const y = box.y + box.height / 2 - dy / 2;
  const cdp = await page.context().newCDPSession(page);
  const at = (px: number, py: number) => [{ x: Math.round(px), y: Math.round(py), id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(x, y) });
  const steps = 10;
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(x + (dx * i) / steps, y + (dy * i) / steps),
    });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await page.waitForTimeout(300);
}

describe.each([
  ['desktop', { viewport: DESKTOP }],
  ['phone', PHONE_CONTEXT],
] as const)('the zoomed image on a %s', (name, options) => {
  it('pans to every edge by mouse and keyboard, and has no serious axe violation', async () => {
    const page = await open(options);
    const region = await zoomIn(page);
    await expectAccessible(page, `zoomed image viewer (${name})`);

    // Mouse wheel: both ends, in both directions.
    let now = await wheelUntil(
      page,
      region,
      400,
      400,
      (e) => e.scrollLeft >= e.maxLeft - 1 && e.scrollTop >= e.maxTop - 1,
    );
    expect(now.scrollLeft).toBeGreaterThan(0);
    expect(shows(now, ['right', 'bottom']), JSON.stringify(now)).toBe(true);
    now = await wheelUntil(page, region, -400, -400, (e) => e.scrollLeft === 0 && e.scrollTop === 0);
    expect(shows(now, ['left', 'top']), JSON.stringify(now)).toBe(true);

    // Keyboard: the arrow keys pan the focused region (and do not move to another image).
    await region.focus();
    now = await pressUntil(page, region, 'ArrowLeft', (e) => e.scrollLeft === 0);
    expect(shows(now, ['left']), JSON.stringify(now)).toBe(true);
    now = await pressUntil(page, region, 'ArrowUp', (e) => e.scrollTop === 0);
    expect(shows(now, ['left', 'top']), JSON.stringify(now)).toBe(true);
    now = await pressUntil(page, region, 'ArrowRight', (e) => e.scrollLeft >= e.maxLeft - 1);
    expect(shows(now, ['right']), JSON.stringify(now)).toBe(true);
    now = await pressUntil(page, region, 'ArrowDown', (e) => e.scrollTop >= e.maxTop - 1);
    expect(shows(now, ['right', 'bottom']), JSON.stringify(now)).toBe(true);
    expect(await page.getByRole('dialog', { name: 'Screenshot 1 of 1' }).count()).toBe(1);

    // Back to fitting the screen: the whole image inside the frame.
    await page.getByRole('button', { name: 'Fit to screen' }).click();
    await page.getByRole('region', { name: /at full size/ }).waitFor({ state: 'detached' });
  });
});

describe('on a touch screen', () => {
  it('pans the zoomed image to its edges with a swipe', async () => {
    const page = await open(PHONE_CONTEXT);
    const region = await zoomIn(page);
    /** Swipes (one axis at a time: Chrome locks a swipe to its main axis) until `done` holds. */
    const swipeUntil = async (dx: number, dy: number, done: (e: Edges) => boolean) => {
      let now = await edges(region);
      for (let i = 0; i < 10 && !done(now); i++) {
        await swipe(page, region, dx, dy);
        now = await edges(region);
      }
      return now;
    };
    expect(shows(await edges(region), ['left', 'top'])).toBe(true);
    // The finger moves left: the image follows, showing its right part; then up: its bottom.
    let now = await swipeUntil(-250, 0, (e) => shows(e, ['right']));
    expect(now.scrollLeft).toBeGreaterThan(0);
    expect(shows(now, ['right']), JSON.stringify(now)).toBe(true);
    now = await swipeUntil(0, -250, (e) => shows(e, ['bottom']));
    expect(shows(now, ['right', 'bottom']), JSON.stringify(now)).toBe(true);
    // And back to the top left corner.
    now = await swipeUntil(250, 0, (e) => shows(e, ['left']));
    now = await swipeUntil(0, 250, (e) => shows(e, ['top']));
    expect(shows(now, ['left', 'top']), JSON.stringify(now)).toBe(true);
  });

  it('offline, shows the thumbnail of an original never opened on the device, and says why', async () => {
    const page = await open(PHONE_CONTEXT);
    await page.goto('/app');
    const thumbnail = page.getByRole('button', { name: 'View screenshot 1 of 1' });
    await expect
      .poll(
        () =>
          thumbnail
            .locator('img')
            .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
        { timeout: 15_000 },
      )
      .toBe(true);
    await page.context().setOffline(true);
    try {
      await page.getByText("You're offline").first().waitFor();
      await thumbnail.click();
      const dialog = page.getByRole('dialog', { name: 'Screenshot 1 of 1' });
      await dialog.getByText('Not available offline.', { exact: false }).waitFor({ timeout: 5_000 });
      const preview = dialog.getByRole('img', { name: 'Screenshot 1 of 1 (small preview)' });
      await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await dialog.getByRole('status', { name: 'Loading image' }).count()).toBe(0);
      expect(await dialog.getByRole('button', { name: 'Show full size' }).isDisabled()).toBe(true);
      await expectAccessible(page, 'offline image viewer');
    } finally {
      await page.context().setOffline(false);
    }
    // Back online, the original comes.
    const full = page.getByRole('dialog').getByRole('img', { name: 'Screenshot 1 of 1', exact: true });
    await expect
      .poll(() => full.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 })
      .toBe(1280);
  });
});
