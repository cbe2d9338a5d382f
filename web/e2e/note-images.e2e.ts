/**
 * The original images of a note (DECISIONS "Original images") in a real browser against the real product: a note
 * shows its screenshots' thumbnails (fetched with the bearer token, shown as blob: URLs under the CSP), one opens the
 * viewer, the arrow keys move between the images, Escape closes it and focus goes back to the thumbnail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { renderScreenshot } from '@snapnotes/testing/images';
import { expectAccessible, startSignedIn, type SignedIn } from './harness.js';

let session: SignedIn;
let page: Page;
let first: Buffer;
let second: Buffer;

beforeAll(async () => {
  [session, first, second] = await Promise.all([
    startSignedIn('Ivy Images'),
    renderScreenshot({ lines: ['Photosynthesis turns light into sugar', 'inside the chloroplasts of a leaf'] }),
    renderScreenshot({ lines: ['The Calvin cycle fixes carbon dioxide', 'using the energy stored in ATP'] }),
  ]);
  page = session.page;
});
afterAll(async () => {
  await session?.close();
});

/** Whether an <img> has loaded (a blob: URL whose bytes decoded). */
async function loaded(target: Page, name: string): Promise<boolean> {
  return target
    .getByRole('img', { name, exact: true })
    .first()
    .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0);
}

describe('the screenshots of a note', () => {
  it('shows thumbnails, opens the viewer, moves with the arrow keys and closes with Escape', async () => {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Browse Files' }).click(),
    ]);
    await chooser.setFiles([
      { name: 'leaf.png', mimeType: 'image/png', buffer: first },
      { name: 'calvin.png', mimeType: 'image/png', buffer: second },
    ]);
    await page.getByText('Note created successfully!').waitFor({ timeout: 60_000 });

    const thumbnails = page.getByRole('button', { name: /^View screenshot \d of 2$/ });
    await thumbnails.first().waitFor();
    expect(await thumbnails.count()).toBe(2);
    await expect.poll(() => loaded(page, 'Screenshot 1 of 2'), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => loaded(page, 'Screenshot 2 of 2'), { timeout: 10_000 }).toBe(true);
    const thumbSrc = await page.getByRole('img', { name: 'Screenshot 1 of 2' }).getAttribute('src');
    expect(thumbSrc).toMatch(/^blob:/);

    await page.getByRole('button', { name: 'View screenshot 1 of 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Screenshot 1 of 2' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('img', { name: 'Screenshot 1 of 2' }).count()).toBe(1);
    const full = dialog.getByRole('img', { name: 'Screenshot 1 of 2' });
    await expect
      .poll(() => full.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 })
      .toBe(1280);
    // Pinch zoom is left to the browser on the image.
    expect(await full.evaluate((img) => getComputedStyle(img).touchAction)).toBe('pinch-zoom');
    expect(await dialog.getByRole('button', { name: 'Previous screenshot' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'image viewer');

    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'Screenshot 2 of 2' }).waitFor();
    expect(await page.getByRole('dialog').getByRole('button', { name: 'Next screenshot' }).isDisabled()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('dialog', { name: 'Screenshot 1 of 2' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Next screenshot' }).click();
    await page.getByRole('dialog', { name: 'Screenshot 2 of 2' }).waitFor();

    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Focus is back on the thumbnail of the image shown last.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'View screenshot 2 of 2',
    );
    expect(session.errors).toEqual([]);
  });

  it('shows the thumbnails again after a fresh load', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'View screenshot 2 of 2' }).waitFor();
    await expect.poll(() => loaded(page, 'Screenshot 2 of 2'), { timeout: 10_000 }).toBe(true);
    expect(session.errors).toEqual([]);
  });
});
