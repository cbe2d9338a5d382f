/**
 * Bulk import in a real browser against the real product (issue 25 items 1 and 6): the gateway's POST /api/imports,
 * the import worker, the pipeline (OCR, summaries) and the S3 stand-in, no fakes.
 * - "Import many" → "Choose images": the tray shows the files being sent, then "Importing n of m" as the server's
 *   events come in, to "Import finished" with the counts; a file that is not an image is skipped and a broken PNG
 *   fails, each with its reason; "Retry failed" runs the failed one again; the new notes are in the list;
 * - after a reload the tray comes back from GET /api/imports?active=1, and fits a phone's screen (390 px) with its
 *   details open; once closed it stays closed;
 * - the same screenshot again is "Already in your notes: <title>" with a link, and uses no upload; when the month's
 *   uploads run out the import stops with "Upgrade to import the remaining 1" and the plans one click away;
 * - axe-core finds no serious or critical violation with the tray open, and with the plans over it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { corruptPng, fakePngWithTextContent, renderScreenshot, SAMPLE_TEXT } from '@snapnotes/testing/images';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newAccount,
  newSession,
  PHONE,
  signInWithPopup,
  startProduct,
  type Product,
  type Session,
} from './harness.js';

/** Free uploads a month here: the first import makes two notes, the second one more, then it stops. */
const FREE_UPLOADS = 3;
/** An import runs every image through OCR and the summariser on two shared cores. */
const IMPORT_TIMEOUT = 240_000;

let product: Product;
let browser: Browser;
let session: Session;
let page: Page;
let shots: { a: Buffer; b: Buffer; c: Buffer; d: Buffer };

type Payload = { name: string; mimeType: string; buffer: Buffer };
const png = (name: string, buffer: Buffer): Payload => ({ name, mimeType: 'image/png', buffer });

beforeAll(async () => {
  const lecture = SAMPLE_TEXT.lectureNotes;
  const [started, launched, a, b, c, d] = await Promise.all([
    // Two images are read at once on a machine shared with other test runs: each may take longer than an upload's 60 s.
    startProduct({
      FREE_UPLOADS_PER_MONTH: String(FREE_UPLOADS),
      PROCESSING_TIMEOUT_MS: '150000',
      DUPLICATE_CHECK: '1',
    }),
    launchBrowser(),
    renderScreenshot({ lines: [...lecture.slice(0, 4), 'Import test: the first screenshot'] }),
    renderScreenshot({ lines: ['Shopping list for the weekend', 'Apples, pears and bread', 'Call the plumber'] }),
    renderScreenshot({ lines: ['Meeting notes, Tuesday', 'Budget review moved to Friday', 'Ask Sam for the slides'] }),
    renderScreenshot({ lines: ['Train times to Leeds', 'Departs 08:15 from platform 4', 'Change at York'] }),
  ]);
  [product, browser, shots] = [started, launched, { a, b, c, d }];
  session = await newSession(browser, product.url);
  page = session.page;
  await signInWithPopup(page, newAccount('Ivy Import'));
});
afterAll(async () => {
  await session?.context.close().catch(() => {});
  await browser?.close();
  await product?.close();
});

const tray = () => page.getByRole('region', { name: 'Imports' });
const card = () => tray().getByTestId('import-card').first();
const counts = () => card().getByTestId('import-counts').innerText();

/** Chooses files through "Import many" → "Choose images", as a user does (the system's file picker). */
async function importFiles(files: Payload[]): Promise<void> {
  await page.getByRole('button', { name: 'Import many' }).first().click();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('menuitem', { name: 'Choose images' }).click(),
  ]);
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles(files);
}

/** Records every heading the tray shows, in order (the running "n of m" passes quickly). */
async function recordTrayHeadings(): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { trayHeadings: string[] }).trayHeadings = seen;
    const record = () => {
      for (const h of document.querySelectorAll('[aria-label="Imports"] h2')) {
        const text = h.textContent?.trim();
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { trayHeadings: string[] }).trayHeadings);
}

/** Waits for the import card's heading; on a timeout the error says what the tray showed instead. */
async function waitForHeading(name: string, timeout = 15_000): Promise<void> {
  try {
    await card().getByRole('heading', { name }).waitFor({ timeout });
  } catch (error) {
    // The reasons too: the details opened before the tray is read.
    await card()
      .getByRole('button', { name: 'Show details' })
      .click({ timeout: 1000 })
      .catch(() => undefined);
    const shown = await tray()
      .innerText({ timeout: 1000 })
      .catch(() => '(no tray)');
    throw new Error(`The tray did not say "${name}"; it shows:\n${shown}`, { cause: error });
  }
}

async function openDetails(target: Locator): Promise<void> {
  const toggle = target.getByRole('button', { name: 'Show details' });
  if (await toggle.isVisible()) await toggle.click();
  await target.getByRole('button', { name: 'Hide details' }).waitFor();
}

describe('bulk import in the browser', () => {
  it(
    'imports chosen images in the background, with n of m, reasons for what failed or was skipped, and retry',
    async () => {
      const headings = await recordTrayHeadings();
      const fake = await fakePngWithTextContent();
      const broken = await corruptPng();
      await importFiles([
        png('1-lecture.png', shots.a),
        png('2-list.png', shots.b),
        png('3-broken.png', broken),
        png('4-not-an-image.png', fake),
      ]);
      await tray().waitFor();
      await waitForHeading('Import finished', IMPORT_TIMEOUT);
      await openDetails(card());
      expect(await counts(), await card().innerText()).toBe('2 new notes · 1 failed · 1 skipped');
      const seen = await headings();
      expect(seen[0]).toBe('Sending 4 files');
      expect(
        seen.some((h) => /^Importing [0-3] of 4$/.test(h)),
        seen.join(' | '),
      ).toBe(true);
      expect(seen.at(-1)).toBe('Import finished');

      // The notes are in the list (refreshed as the import went).
      await page.locator('[data-note-id]').nth(1).waitFor();
      expect(await page.locator('[data-note-id]').count()).toBe(2);

      // Each failure and skip with its reason.
      const failed = card().getByRole('list', { name: 'Failed (1)' });
      const skipped = card().getByRole('list', { name: 'Skipped (1)' });
      const [failedText, skippedText] = [await failed.innerText(), await skipped.innerText()];
      expect(failedText.split('\n')[0]).toBe('3-broken.png');
      expect(failedText.split('\n')[1]?.trim().length ?? 0).toBeGreaterThan(5);
      expect(skippedText.split('\n')[0]).toBe('4-not-an-image.png');
      expect(skippedText.split('\n')[1]?.trim().length ?? 0).toBeGreaterThan(5);
      await expectAccessible(page, '/app with the import tray open');

      // Retry failed: the broken PNG goes through again (and fails again); nothing else changes.
      const [retry] = await Promise.all([
        page.waitForResponse((res) => /\/api\/imports\/[^/]+\/retry$/.test(new URL(res.url()).pathname)),
        card().getByRole('button', { name: 'Retry failed' }).click(),
      ]);
      expect(retry.status()).toBe(202);
      await waitForHeading('Import finished', IMPORT_TIMEOUT);
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="import-counts"]')?.textContent === '2 new notes · 1 failed · 1 skipped',
      );
      expect(session.errors).toEqual([]);
    },
    IMPORT_TIMEOUT * 2 + 30_000,
  );

  it('comes back after a reload, fits a phone screen, and stays closed once closed', async () => {
    await page.reload();
    await waitForHeading('Import finished');
    expect(await counts()).toBe('2 new notes · 1 failed · 1 skipped');

    // On a phone (390 px wide) the tray and its details fit the screen: nothing runs off its side, every action
    // and every reason is on screen.
    await page.setViewportSize(PHONE);
    try {
      await openDetails(card());
      const box = (await tray().boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      for (const name of ['Retry failed', 'Close', 'Hide details']) {
        const button = card().getByRole('button', { name });
        if ((await button.count()) === 0) continue; // "Retry failed" went with the failure it retried
        const at = (await button.first().boundingBox())!;
        expect(at.x + at.width, name).toBeLessThanOrEqual(PHONE.width);
      }
      // No file name or reason cut off at the side (a row wider than its box).
      const clipped = await card()
        .locator('li')
        .evaluateAll((rows) => rows.filter((r) => r.scrollWidth > r.clientWidth + 1).map((r) => r.textContent));
      expect(clipped).toEqual([]);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
    await card().getByRole('button', { name: 'Close' }).click();
    await tray().waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('[data-note-id]').first().waitFor();
    // The list (which still has the import) has been read by now.
    await page.waitForLoadState('networkidle');
    expect(await tray().count()).toBe(0);
  });

  it(
    'names a screenshot already in the notes, and stops with "Upgrade to import the remaining 1" at the allowance',
    async () => {
      await importFiles([png('a-again.png', shots.a), png('c-meeting.png', shots.c), png('d-train.png', shots.d)]);
      await waitForHeading('Import stopped', IMPORT_TIMEOUT);
      await openDetails(card());
      expect(await counts(), await card().innerText()).toMatch(/^1 new note · 1 already in your notes/);
      await card().getByText('Upgrade to import the remaining 1').first().waitFor();

      // The duplicate, linked to the note it already is (one of the first import's notes).
      const duplicates = card().getByRole('list', { name: 'Already in your notes (1)' });
      expect((await duplicates.innerText()).split('\n')[0]).toBe('a-again.png');
      const link = duplicates.getByRole('link');
      expect(await link.getAttribute('href')).toMatch(/^\/app#note-\d+$/);
      const noteId = (await link.getAttribute('href'))!.split('-').pop();
      const title = await link.innerText();
      await link.click();
      // The link takes the user to that note in the list, focused.
      await page.waitForFunction((id) => document.activeElement?.getAttribute('data-note-id') === id, noteId);
      expect(await page.locator(`[data-note-id="${noteId}"]`).innerText()).toContain(title);

      // The plans, one click away; the tray and the dialog pass axe.
      await expectAccessible(page, '/app with a stopped import');
      await card().getByRole('button', { name: 'See the plans' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import everything' });
      await dialog.getByRole('button', { name: 'Maybe Later' }).waitFor();
      await expectAccessible(page, '/app with the plans over the import tray');
      await dialog.getByRole('button', { name: 'Maybe Later' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(session.errors).toEqual([]);
    },
    IMPORT_TIMEOUT + 30_000,
  );
});
