/**
 * Tags and filters in the library (issue 25, item 4), on the real stack: a tag chip and the kind narrow the list
 * (from the server), both are in the URL, a reload shows the same filtered library, Back undoes the last filter,
 * and a note's tags are edited (normalised by the server, kept in the database). axe-core checks the filtered
 * library and the open tag editor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import {
  expectAccessible,
  launchBrowser,
  newAccount,
  newSession,
  signInWithPopup,
  startProduct,
  waitForToast,
  type Product,
  type Session,
} from './harness.js';

/** The few Kysely calls the seeding and the checks need (the product's own database handle). */
interface SeedDb {
  selectFrom(table: 'users'): {
    select(column: 'id'): {
      where(column: 'email', op: '=', value: string): { executeTakeFirstOrThrow(): Promise<{ id: number }> };
    };
  };
  insertInto(table: 'notes'): { values(rows: Record<string, unknown>[]): { execute(): Promise<unknown> } };
  selectFrom(table: 'notes'): {
    select(column: 'tags'): {
      where(column: 'title', op: '=', value: string): { executeTakeFirstOrThrow(): Promise<{ tags: string[] }> };
    };
  };
}

const NOTES = [
  { title: 'Tesco receipt', kind: 'receipt', language: 'eng', tags: ['receipt', 'english', 'tesco', 'groceries'] },
  { title: 'Chat about the Kyoto trip', kind: 'chat', language: 'eng', tags: ['chat', 'english', 'japan trip'] },
  { title: 'Itinéraire Osaka', kind: 'article', language: 'fra', tags: ['article', 'french', 'japan trip'] },
  { title: 'Sprint retro slide', kind: 'slide', language: 'eng', tags: ['slide', 'english', 'retro'] },
  { title: 'useEffect cleanup', kind: 'code', language: 'eng', tags: ['code', 'english', 'react hooks'] },
] as const;

let product: Product;
let browser: Browser;
let s: Session;
let page: Page;
let db: SeedDb;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  s = await newSession(browser, product.url);
  page = s.page;
  const account = newAccount('Tilda Tags');
  await signInWithPopup(page, account);
  db = (product.running.app.deps.repos.notes as unknown as { db: SeedDb }).db;
  // The library shows once the account is registered (POST /api/user).
  await page.getByRole('heading', { name: 'Your Notes' }).waitFor({ timeout: 60_000 });
  const user = await db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow();
  const start = Date.UTC(2026, 2, 10);
  await db
    .insertInto('notes')
    .values(
      NOTES.map((n, i) => ({
        user_id: user.id,
        title: n.title,
        key_points: JSON.stringify([`About ${n.title}`]),
        detailed_summary: `Summary of ${n.title}.`,
        original_text: `Text of ${n.title}.`,
        kind: 'text',
        content_kind: n.kind,
        language: n.language,
        tags: [...n.tags],
        word_count: 4,
        image_count: 0,
        engine: 'test',
        created_at: new Date(start - i * 86_400_000).toISOString(),
      })),
    )
    .execute();
  await page.reload();
  await page
    .getByRole('heading', { name: NOTES[0].title })
    .waitFor({ timeout: 30_000 })
    .catch(async (err: unknown) => {
      const body = await page.locator('body').innerText();
      throw new Error(`The seeded notes did not show: ${String(err)}\n${body.slice(0, 800)}\n${s.errors.join('\n')}`);
    });
});
afterAll(async () => {
  await s?.context.close().catch(() => {});
  await browser?.close();
  await product?.close();
});

const shown = async () =>
  (await page.locator('section ul > li[data-index] h3').allTextContents()).map((t) => t.trim()).sort();
const titles = (...indexes: number[]) => indexes.map((i) => NOTES[i]!.title).sort();
const params = () => new URL(page.url()).searchParams;

async function waitForShown(expected: string[]): Promise<void> {
  await expect.poll(shown, { timeout: 15_000 }).toEqual(expected);
}

describe('tags and filters in the library', () => {
  it('filters by a tag chip, then by kind; the URL holds both', async () => {
    await page.getByRole('button', { name: 'Tag japan trip' }).click();
    await waitForShown(titles(1, 2));
    expect(params().getAll('tag')).toEqual(['japan trip']);
    expect(await page.getByRole('button', { name: 'Tag japan trip' }).getAttribute('aria-pressed')).toBe('true');

    await page.getByLabel('Kind').selectOption('chat');
    await waitForShown(titles(1));
    expect(params().get('kind')).toBe('chat');
    await expectAccessible(page, '/app filtered');
  });

  it('shows the same filtered library after a reload, and Back undoes the last filter', async () => {
    await page.reload();
    await waitForShown(titles(1));
    expect(await page.getByLabel('Kind').inputValue()).toBe('chat');
    expect(await page.getByRole('button', { name: 'Tag japan trip' }).getAttribute('aria-pressed')).toBe('true');

    await page.goBack();
    await waitForShown(titles(1, 2));
    expect(params().get('kind')).toBeNull();
    expect(await page.getByLabel('Kind').inputValue()).toBe('');

    // The search combines with the filters.
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('Osaka');
    await waitForShown(titles(2));
    expect(params().get('q')).toBe('Osaka');
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('');
    await waitForShown(titles(1, 2));
  });

  it('edits a note’s tags: normalised, saved, and the new tag filters', async () => {
    const card = page.locator('section ul > li[data-index]', { hasText: NOTES[1].title });
    await card.getByRole('button', { name: 'Edit tags' }).click();
    const field = card.getByLabel('Tags, separated by commas');
    await expect.poll(() => field.inputValue()).toBe('chat, english, japan trip');
    await expectAccessible(page, '/app tag editor');
    await field.fill('Japan Trip, #Kyoto_Temples, japan trip');
    await card.getByRole('button', { name: 'Save tags' }).click();
    await waitForToast(page, 'Tags updated');
    const tags = await db
      .selectFrom('notes')
      .select('tags')
      .where('title', '=', NOTES[1].title)
      .executeTakeFirstOrThrow();
    expect(tags.tags).toEqual(['japan trip', 'kyoto temples']);

    await card.getByRole('link', { name: 'Show notes tagged kyoto temples' }).click();
    await waitForShown(titles(1));
    expect(params().getAll('tag')).toEqual(['kyoto temples']);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitForShown(titles(0, 1, 2, 3, 4));
    expect([...params().keys()]).toEqual([]);
    expect(s.errors).toEqual([]);
  });
});
