/**
 * A large library on /app (issue 13): the list loads page by page as the user scrolls and keeps only the cards near
 * the viewport in the DOM; the search box asks the server and shows where each note matched, matched words in
 * <mark>. 120 notes are written straight into the product's database for a signed-in user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  newAccount,
  newSession,
  signInWithPopup,
  startProduct,
  type Product,
  type Session,
} from './harness.js';

const NOTE_COUNT = 120;
/** A word in exactly one note's original text (note 37). */
const RARE_WORD = 'xylophonist';
const RARE_NOTE = 37;

/** The few Kysely calls the seeding needs (the product's own database handle, as its repositories hold it). */
interface SeedDb {
  selectFrom(table: 'users'): {
    select(column: 'id'): {
      where(column: 'email', op: '=', value: string): { executeTakeFirstOrThrow(): Promise<{ id: number }> };
    };
  };
  insertInto(table: 'notes'): { values(rows: Record<string, unknown>[]): { execute(): Promise<unknown> } };
}

const title = (n: number) => `Library note ${String(n).padStart(3, '0')}`;

/** Notes 1…120, note 1 the newest (so note 120 is at the bottom of the list). */
async function seedNotes(product: Product, email: string): Promise<void> {
  const db = (product.running.app.deps.repos.notes as unknown as { db: SeedDb }).db;
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const start = Date.UTC(2025, 0, 1);
  const rows = Array.from({ length: NOTE_COUNT }, (_, i) => {
    const n = i + 1;
    return {
      user_id: user.id,
      title: title(n),
      key_points: JSON.stringify([`Point A of note ${n}`, `Point B of note ${n}`]),
      detailed_summary: `Summary of note ${n} about gardens and rivers.`,
      original_text:
        n === RARE_NOTE
          ? `The orchestra hired a ${RARE_WORD} for the winter concert.`
          : `Plain original text of note ${n}, about gardens and rivers.`,
      kind: 'text',
      language: 'eng',
      word_count: 10,
      image_count: 0, // no stored images: no thumbnails to ask for
      engine: 'test',
      created_at: new Date(start - n * 60_000).toISOString(),
    };
  });
  await db.insertInto('notes').values(rows).execute();
}

let product: Product;
let browser: Browser;
let session: Session;
let page: Page;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  session = await newSession(browser, product.url);
  page = session.page;
  const account = newAccount('Libby Library');
  await signInWithPopup(page, account);
  await seedNotes(product, account.email);
  await page.reload();
  await page.getByRole('heading', { name: title(1) }).waitFor();
});
afterAll(async () => {
  await session?.context.close().catch(() => {});
  await browser?.close();
  await product?.close();
});

const cardsInDom = () => page.locator('section ul > li[data-index]').count();

describe('notes library', () => {
  it('counts every note and keeps only the cards near the viewport in the DOM', async () => {
    await page.getByText(`${NOTE_COUNT} notes`).waitFor();
    expect(await cardsInDom()).toBeGreaterThan(0);
    expect(await cardsInDom()).toBeLessThan(30);
  });

  it('loads the next pages while scrolling, down to the last note', async () => {
    const last = page.getByRole('heading', { name: title(NOTE_COUNT) });
    const pageRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/notes/') && request.url().includes('cursor=')) pageRequests.push(request.url());
    });
    for (let i = 0; i < 200 && !(await last.isVisible()); i++) {
      await page.mouse.wheel(0, 2_000);
      await page.waitForTimeout(50);
    }
    await last.waitFor({ state: 'visible' });
    expect(pageRequests.length).toBeGreaterThanOrEqual(2); // 120 notes = pages of 50, 50 and 20
    // Virtualised: the first cards have left the DOM, and it holds far fewer than 120 cards.
    expect(await page.getByRole('heading', { name: title(1) }).count()).toBe(0);
    expect(await cardsInDom()).toBeLessThan(30);
    expect(session.errors.slice(0, 3)).toEqual([]);
  });

  it('searches on the server: a snippet with the word marked, a typo still finds it, none says so', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const search = page.getByRole('searchbox', { name: 'Search notes' });
    await search.fill(RARE_WORD);
    const mark = page.locator('mark', { hasText: RARE_WORD });
    await mark.waitFor();
    expect(await page.getByRole('heading', { name: title(RARE_NOTE) }).isVisible()).toBe(true);
    expect(await cardsInDom()).toBe(1);
    expect(await mark.evaluate((el) => el.parentElement?.textContent)).toContain(`hired a ${RARE_WORD} for`);

    await search.fill('xylophonsit'); // two letters swapped
    await page.getByRole('heading', { name: title(RARE_NOTE) }).waitFor();
    await page.locator('mark').first().waitFor();
    expect(await cardsInDom()).toBe(1);

    await search.fill('quasar nebula');
    await page.getByText('No notes match your search').waitFor();

    await search.fill('');
    await page.getByRole('heading', { name: title(1) }).waitFor();
    expect(session.errors).toEqual([]);
  });
});
