/**
 * The upload on a phone (issue 23), in a real browser (390×844, touch) against the real product and pipeline:
 * - with notes already there the upload card is folded to an "Upload more" bar (buttons and allowance only);
 * - the bar moves through the upload's real stages (several SPEC stage messages, "Reading page n of m") before the
 *   one success message, and no "Success!" toast covers the new note;
 * - the new note (below the fold) is scrolled into view and focused, so a keyboard user's focus does not fall to the
 *   page; the card is folded again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { renderScreenshot, SAMPLE_TEXT } from '@snapnotes/testing/images';
import {
  launchBrowser,
  newAccount,
  newSession,
  PHONE,
  signInWithPopup,
  startProduct,
  visibleToasts,
} from './harness.js';
import type { Product, Session } from './harness.js';
import { PHONE_CONTEXT } from './pwa-helpers.js';
import { seedNote } from './seed.js';

let product: Product;
let browser: Browser;
let session: Session;
let page: Page;
let pages: Buffer[];

/** The few Kysely calls needed to find the signed-in user's id. */
interface UsersDb {
  selectFrom(table: 'users'): {
    select(column: 'id'): {
      where(column: 'email', op: '=', value: string): { executeTakeFirstOrThrow(): Promise<{ id: number }> };
    };
  };
}

beforeAll(async () => {
  [product, browser, pages] = await Promise.all([
    startProduct(),
    launchBrowser(),
    Promise.all(
      [1, 2, 3].map((n) =>
        renderScreenshot({ lines: [...SAMPLE_TEXT.lectureNotes.slice(0, 4), `Page ${n}: revision questions`] }),
      ),
    ),
  ]);
  session = await newSession(browser, product.url, PHONE_CONTEXT);
  page = session.page;
  const account = newAccount('Uma Upload');
  await signInWithPopup(page, account);
  const db = (product.running.app.deps.repos.notes as unknown as { db: UsersDb }).db;
  const user = await db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow();
  for (const title of ['Plate tectonics', 'Roman aqueducts']) {
    await seedNote(product, {
      title,
      keyPoints: ['A key point'],
      detailedSummary: 'A summary.',
      originalText: 'Some text.',
      userId: user.id,
      imageCount: 0,
      fileName: 'seed.png',
    });
  }
  await page.reload();
  await page.getByRole('heading', { level: 3, name: 'Plate tectonics' }).waitFor();
});
afterAll(async () => {
  await session?.context.close().catch(() => {});
  await browser?.close();
  await product?.close();
});

describe('uploading on a phone', () => {
  it('folds the card to an "Upload more" bar while the user has notes', async () => {
    await page.getByText('Upload more', { exact: true }).waitFor();
    expect(await page.getByText('Drag and drop images here').isVisible()).toBe(false);
    const compact = page.getByTestId('upload-compact');
    // The seeded notes used two of the 50.
    await compact.getByText('48 of 50 free uploads left this month').waitFor();
    const bar = await compact.boundingBox();
    expect(bar?.height).toBeLessThan(180);
    // Opened and folded again, focus staying on the control that did it.
    await page.getByRole('button', { name: 'Show the upload card' }).click();
    await page.getByRole('button', { name: 'Fold', exact: true }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Browse Files');
    await page.getByRole('button', { name: 'Fold', exact: true }).click();
    await page.getByText('Upload more', { exact: true }).waitFor();
    // Folding moves focus on the next frame: wait for it, or it may land after the next test has moved it.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Show the upload card');
  });

  it('shows the real stages, then takes the keyboard user to the new note', async () => {
    // Every status text and detail line the page shows, in order.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenStages: string[] }).seenStages = seen;
      const record = () => {
        for (const el of document.querySelectorAll('[role="status"], [data-testid="upload-progress-detail"]')) {
          const text = el.textContent?.trim();
          if (text && seen.at(-1) !== text && !seen.includes(text)) seen.push(text);
        }
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const answered = page.waitForResponse((res) => res.url().endsWith('/api/process-screenshots'), {
      timeout: 120_000,
    });
    // By keyboard: focus the bar's Browse Files and press Enter.
    // Playwright turns on file-chooser interception when a listener is added, without waiting for the browser: the
    // listener goes first and the round trips below let it settle, or a chooser opened at once is missed.
    const chosen = page.waitForEvent('filechooser');
    const browse = page.getByRole('button', { name: 'Browse Files' });
    await browse.focus();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Browse Files');
    await page.keyboard.press('Enter');
    const chooser = await chosen;
    await chooser.setFiles(pages.map((buffer, i) => ({ name: `page-${i + 1}.png`, mimeType: 'image/png', buffer })));
    const note = (await (await answered).json()) as { id: number };
    // The success message shows for 2 s: read it from what the page showed, not from what it shows now.
    await page.waitForFunction(
      () => (window as unknown as { seenStages: string[] }).seenStages.includes('Note created successfully!'),
      undefined,
      { timeout: 15_000 },
    );

    const seen = await page.evaluate(() => (window as unknown as { seenStages: string[] }).seenStages);
    const before = seen.slice(0, seen.indexOf('Note created successfully!'));
    const specStages = [
      'Checking images for content and safety...',
      'Extracting text or analyzing image content...',
      'Processing content...',
      'Generating summaries and key points...',
      'Finalizing your note...',
    ];
    expect(before.filter((text) => specStages.includes(text)).length).toBeGreaterThan(1);
    expect(before.some((text) => /^Reading page \d of 3$/.test(text))).toBe(true);

    // The new note is focused and on screen (it was below the fold); focus is not on the page.
    await page.waitForFunction((id) => document.activeElement?.getAttribute('data-note-id') === String(id), note.id, {
      timeout: 15_000,
    });
    await page.waitForFunction(
      (height) => {
        const box = document.activeElement?.getBoundingClientRect();
        return !!box && box.top >= 0 && box.top < height - 100;
      },
      PHONE.height,
      { timeout: 5_000 },
    );
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
    // One success message: no toast over the note's buttons.
    expect(await visibleToasts(page)).toEqual([]);
    // Folded again, with the new allowance.
    await page.getByText('Upload more', { exact: true }).waitFor();
    await page.getByTestId('upload-compact').getByText('47 of 50 free uploads left this month').waitFor();
    // Tab from the note goes to its own controls, not back to the top of the page.
    await page.keyboard.press('Tab');
    expect(await page.evaluate((id) => !!document.activeElement?.closest(`[data-note-id="${id}"]`), note.id)).toBe(
      true,
    );
    expect(session.errors).toEqual([]);
  });
});
