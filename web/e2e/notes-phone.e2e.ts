/**
 * The notes on a phone (issue 23), in a real browser (390×844, touch) against the real product, with notes written
 * straight into its database:
 * - a card's actions are one "⋯" menu (Radix dropdown), so a long title wraps between words, never inside one;
 * - without the Web Share API, "Share" copies the note as text or as Markdown (phone menu and desktop button);
 * - a compact library view, switchable and remembered after a reload;
 * - offline: search works on the notes saved on the device, and renaming says it needs a connection while keeping
 *   what was typed, which is saved once back online.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, expectAccessible, startSignedIn, waitForToast, type Product, type SignedIn } from './harness.js';
import { PHONE_CONTEXT } from './pwa-helpers.js';
import { seedNote } from './seed.js';

const LONG_TITLE = 'Photosynthesis and the Calvin cycle inside chloroplasts of green leaves';
const NOTES = [
  {
    title: LONG_TITLE,
    keyPoints: ['Light reactions make ATP and NADPH', 'The Calvin cycle fixes carbon dioxide'],
    detailedSummary: 'Plants turn light into **sugar**.',
    originalText: 'Chlorophyll absorbs red and blue light.',
  },
  {
    title: 'Plate tectonics',
    keyPoints: ['Plates move a few centimetres a year'],
    detailedSummary: 'Earthquakes happen where plates meet.',
    originalText: 'The mantle convects slowly beneath the crust.',
  },
  {
    title: 'Roman aqueducts',
    keyPoints: ['Gravity carried water over long distances'],
    detailedSummary: 'Arches kept the gradient steady.',
    originalText: 'Frontinus wrote about the water supply of Rome.',
  },
];

let session: SignedIn;
let product: Product;
let page: Page;

beforeAll(async () => {
  session = await startSignedIn('Pia Phone', { context: PHONE_CONTEXT });
  ({ product, page } = session);
  // This browser has no Web Share API (most desktop browsers): the copy menu is offered instead (from the reload on).
  await session.context.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  for (const note of [...NOTES].reverse()) {
    await seedNote(product, { ...note, userId: session.userId, imageCount: 0, fileName: 'seed.png' });
  }
  await page.reload();
  await page.getByRole('heading', { level: 3, name: LONG_TITLE }).waitFor();
});
afterAll(async () => {
  await session?.close();
});

const cards = () => page.getByRole('list', { name: 'Your Notes' }).locator(':scope > li');
const card = (title: string) =>
  cards().filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

/** The words of an element's text that are split over two lines (each word's own client rects). */
function wordsBrokenAcrossLines(target: Page, title: string): Promise<string[]> {
  return target.getByRole('heading', { level: 3, name: title, exact: true }).evaluate((heading) => {
    const text = heading.firstChild as Text;
    const broken: string[] = [];
    const re = /\S+/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text.data))) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(m[0]);
    }
    return broken;
  });
}

describe('a note card on a phone', () => {
  it('puts the actions in a "⋯" menu, and the title wraps between words only', async () => {
    const note = card(LONG_TITLE);
    // The wide screens' buttons are not shown; one menu button is.
    expect(await note.getByRole('button', { name: `Delete note: ${LONG_TITLE}` }).count()).toBe(0);
    expect(await note.getByRole('button', { name: `Share note: ${LONG_TITLE}` }).count()).toBe(0);
    const menu = note.getByRole('button', { name: `Actions for note: ${LONG_TITLE}` });
    expect(await menu.isVisible()).toBe(true);

    const heading = page.getByRole('heading', { level: 3, name: LONG_TITLE });
    const lines = await heading.evaluate((el) =>
      Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
    );
    expect(lines).toBeGreaterThan(1); // it does wrap…
    expect(await wordsBrokenAcrossLines(page, LONG_TITLE)).toEqual([]); // …between words
    // The title takes most of the card's width (it is not squeezed by buttons).
    const [titleBox, cardBox] = await Promise.all([heading.boundingBox(), note.boundingBox()]);
    expect(titleBox!.width).toBeGreaterThan(cardBox!.width * 0.6);

    await expectAccessible(page, 'note cards on a phone');
    await menu.tap();
    const items = page.getByRole('menu').getByRole('menuitem');
    await items.first().waitFor();
    expect(await items.allInnerTexts()).toEqual([
      'Copy as text',
      'Copy as Markdown',
      'Read again',
      'Key Ideas',
      'Detailed',
      'Original',
      'Delete',
    ]);
    await page.getByRole('menuitem', { name: 'Copy as Markdown' }).tap();
    await waitForToast(page, 'Copied to clipboard', 'The note was copied as Markdown.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `# ${LONG_TITLE}\n\n- Light reactions make ATP and NADPH\n- The Calvin cycle fixes carbon dioxide\n\n` +
        'Plants turn light into **sugar**.\n',
    );

    // Delete opens its confirmation; Cancel brings the focus back to the menu button.
    await menu.tap();
    await page.getByRole('menuitem', { name: 'Delete' }).tap();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this note?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);

    // Read again opens its dialog.
    await menu.tap();
    await page.getByRole('menuitem', { name: 'Read again' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Read this note again?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(session.errors).toEqual([]);
  });

  it('without Web Share, "Share" on a wide screen copies the note as text', async () => {
    await page.setViewportSize(DESKTOP);
    try {
      const share = card('Plate tectonics').getByRole('button', { name: 'Share note: Plate tectonics' });
      await share.click();
      await page.getByRole('menuitem', { name: 'Copy as text' }).click();
      await waitForToast(page, 'Copied to clipboard', 'The note was copied as text.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        'Plate tectonics\n\n• Plates move a few centimetres a year\n\nEarthquakes happen where plates meet.',
      );
    } finally {
      await page.setViewportSize(PHONE_CONTEXT.viewport);
    }
  });
});

describe('the compact library view', () => {
  it('shows one short row per note, opens a row into its card, and is remembered', async () => {
    const cardHeight = (await cards().first().boundingBox())!.height;
    await page.getByRole('radio', { name: 'Compact list' }).tap();
    const row = page.getByRole('button', { name: /^Plate tectonics/ });
    await row.waitFor();
    const rowHeight = (await cards().first().boundingBox())!.height;
    expect(rowHeight).toBeLessThan(80);
    expect(rowHeight).toBeLessThan(cardHeight / 2);
    expect(await page.getByRole('radio', { name: 'Compact list' }).getAttribute('aria-checked')).toBe('true');
    await expectAccessible(page, 'compact library view');

    await page.reload();
    await row.waitFor();
    expect(await row.getAttribute('aria-expanded')).toBe('false');
    await row.tap();
    expect(await row.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('heading', { level: 3, name: 'Plate tectonics', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Actions for note: Plate tectonics' }).waitFor();

    await page.getByRole('radio', { name: 'Cards' }).tap();
    await page.getByRole('heading', { level: 3, name: LONG_TITLE }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: `Actions for note: ${LONG_TITLE}` }).waitFor();
    expect(await page.getByRole('radio', { name: 'Cards' }).getAttribute('aria-checked')).toBe('true');
  });
});

describe('offline', () => {
  it('searches the notes saved on this device, never loading forever', async () => {
    await page.goto('/app');
    await page.getByRole('heading', { level: 3, name: 'Roman aqueducts' }).waitFor();
    await page.context().setOffline(true);
    try {
      await page.getByText("You're offline").first().waitFor();
      const search = page.getByRole('searchbox', { name: 'Search notes' });
      await search.fill('MANTLE'); // in Plate tectonics' original text, another case
      await page.getByText("You're offline: searched the 3 notes saved on this device, 1 matches.").waitFor();
      await expect.poll(() => cards().count()).toBe(1);
      await card('Plate tectonics').waitFor();
      expect(await page.getByRole('status', { name: 'Loading notes' }).count()).toBe(0);

      await search.fill('calvin cycle'); // a key point
      await card(LONG_TITLE).waitFor();
      await expect.poll(() => cards().count()).toBe(1);

      await search.fill('volcano');
      await page.getByText('No saved notes match your search').waitFor();
      await expectAccessible(page, 'offline search');
      await search.fill('');
      await expect.poll(() => cards().count()).toBe(3);
    } finally {
      await page.context().setOffline(false);
    }
  });

  it('says renaming needs a connection, keeps what was typed, and saves it once back online', async () => {
    await page.goto('/app');
    const pencil = page.getByRole('button', { name: 'Edit title: Roman aqueducts' });
    await pencil.waitFor();
    await page.context().setOffline(true);
    try {
      await page.getByText("You're offline").first().waitFor();
      expect(await pencil.getAttribute('aria-disabled')).toBe('true');
      // aria-disabled, not disabled: it can still be reached and pressed, and says why nothing opens.
      await pencil.tap({ force: true });
      await page.getByText("You're offline: renaming needs a connection.", { exact: true }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Note title' }).count()).toBe(0);
    } finally {
      await page.context().setOffline(false);
    }

    // The connection goes while the title is being edited.
    await expect.poll(() => pencil.getAttribute('aria-disabled')).toBe(null);
    await pencil.tap();
    const input = page.getByRole('textbox', { name: 'Note title' });
    await input.fill('Roman aqueducts and arches');
    await page.context().setOffline(true);
    try {
      await input.press('Enter');
      await page.getByText('renaming needs a connection. Your new title stays here', { exact: false }).waitFor();
      // A screen reader hears the reason with the field.
      expect(await input.getAttribute('aria-describedby')).toBeTruthy();
      expect(await input.isEnabled()).toBe(true);
      expect(await input.inputValue()).toBe('Roman aqueducts and arches');
      // Leaving the field keeps it too.
      await page.getByRole('searchbox', { name: 'Search notes' }).focus();
      expect(await input.inputValue()).toBe('Roman aqueducts and arches');
    } finally {
      await page.context().setOffline(false);
    }
    await input.focus();
    await input.press('Enter');
    await waitForToast(page, 'Title updated');
    await page.getByRole('heading', { level: 3, name: 'Roman aqueducts and arches' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 3, name: 'Roman aqueducts and arches' }).waitFor();
    expect(session.errors).toEqual([]);
  });
});
