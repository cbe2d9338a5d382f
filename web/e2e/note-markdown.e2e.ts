/**
 * A note's detailed summary is Markdown (issue 21): opened on /app, its table, list and fenced code render as a real
 * table, list and code block (the table scrolling inside its own box on a phone), raw HTML shows as text and an
 * unsafe link loses its URL; Copy → Detailed puts the Markdown itself on the clipboard. The note is stored through
 * the product's own repositories, as the pipeline stores one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  expectAccessible,
  launchBrowser,
  newAccount,
  newSession,
  PHONE,
  signInWithPopup,
  startProduct,
  waitForToast,
  type Product,
  type Session,
} from './harness.js';
import { seedNote } from './seed.js';

const TITLE = 'Quarterly sales by region, Q1–Q4';
const SUMMARY = [
  'Sales for **four regions** over the year; the full table:',
  '',
  '| Region | Q1 | Q2 | Q3 | Q4 | Year total (all channels) | Change on last year |',
  '| :--- | ---: | ---: | ---: | ---: | ---: | ---: |',
  '| North | 1,200 | 1,350 | 1,410 | 1,580 | 5,540 | +12.5% |',
  '| South | 980 | 1,020 | 1,105 | 1,190 | 4,295 | +6.1% |',
  '',
  '- Largest: North, 5,540',
  '- Smallest: South, 4,295',
  '',
  '```python',
  'totals = {region: sum(quarters) for region, quarters in sales.items()}',
  '```',
  '',
  'Raw <img src="x" onerror="window.__summaryXss = true"> stays text, and so does <b>this</b>.',
  '',
  '[A bad link](javascript:window.__summaryXss=true) and [the report](https://example.com/report).',
].join('\n');

let product: Product;
let browser: Browser;
let session: Session;
let page: Page;
let userId: number;

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  session = await newSession(browser, product.url);
  page = session.page;
  const idRequest = page.waitForRequest((req) => /\/api\/notes\/\d+(\?|$)/.test(req.url()));
  await signInWithPopup(page, newAccount('Tabitha Tables'));
  userId = Number(new URL((await idRequest).url()).pathname.split('/').pop());
  await seedNote(product, {
    userId,
    title: TITLE,
    keyPoints: ['4 regions × 4 quarters', 'Grand total: 9,835'],
    detailedSummary: SUMMARY,
    originalText: 'Region\tQ1\tQ2\tQ3\tQ4\nNorth\t1,200\t1,350\t1,410\t1,580\nSouth\t980\t1,020\t1,105\t1,190',
    imageCount: 0,
    fileName: 'sales.png',
  });
  await page.reload();
});
afterAll(async () => {
  await session?.context.close().catch(() => {});
  await browser?.close();
  await product?.close();
});

function noteCard(target: Page): Locator {
  return target
    .getByRole('list', { name: 'Your Notes' })
    .locator(':scope > li')
    .filter({ has: target.getByRole('heading', { level: 3, name: TITLE, exact: true }) });
}

describe('a Markdown summary on /app', () => {
  it('renders its table, list and code block, with raw HTML as text and no unsafe link', async () => {
    const card = noteCard(page);
    await card.waitFor();
    await card.getByRole('button', { name: 'Detailed Summary' }).click();

    const table = card.getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
      'Region',
      'Q1',
      'Q2',
      'Q3',
      'Q4',
      'Year total (all channels)',
      'Change on last year',
    ]);
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows).toEqual([
      ['North', '1,200', '1,350', '1,410', '1,580', '5,540', '+12.5%'],
      ['South', '980', '1,020', '1,105', '1,190', '4,295', '+6.1%'],
    ]);

    const summary = card.getByTestId('summary-markdown');
    expect(await summary.locator('ul > li').allInnerTexts()).toEqual([
      'Largest: North, 5,540',
      'Smallest: South, 4,295',
    ]);
    const code = summary.locator('pre > code');
    expect((await code.innerText()).trimEnd()).toBe(
      'totals = {region: sum(quarters) for region, quarters in sales.items()}',
    );
    expect(await code.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
    expect(await summary.locator('strong').innerText()).toBe('four regions');

    // Raw HTML is text; the javascript: link has no URL, the https one opens in a new tab.
    expect(await summary.locator('img, b, script').count()).toBe(0);
    expect(await summary.innerText()).toContain('Raw <img src="x" onerror="window.__summaryXss = true"> stays text');
    expect(await summary.getByText('A bad link').evaluate((el) => el.closest('a'))).toBeNull();
    const report = summary.getByRole('link', { name: 'the report' });
    expect(await report.getAttribute('href')).toBe('https://example.com/report');
    expect(await report.getAttribute('target')).toBe('_blank');
    expect(await report.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await page.evaluate(() => (window as { __summaryXss?: boolean }).__summaryXss)).toBeUndefined();

    await expectAccessible(page, '/app with a Markdown summary');
    expect(session.errors).toEqual([]);
  });

  it('Copy → Detailed puts the Markdown on the clipboard, as written', async () => {
    const card = noteCard(page);
    await card.getByRole('button', { name: `Copy from note: ${TITLE}` }).click();
    await page.getByRole('menuitem', { name: 'Detailed' }).click();
    await waitForToast(page, 'Copied to clipboard', 'Detailed copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SUMMARY);
  });

  it('on a phone, the wide table scrolls inside its own box and the page does not scroll sideways', async () => {
    await page.setViewportSize(PHONE);
    const card = noteCard(page);
    const box = card.getByRole('table').locator('xpath=..');
    await box.waitFor();
    const sizes = await box.evaluate((el) => ({
      overflowX: getComputedStyle(el).overflowX,
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      pageScrollWidth: document.documentElement.scrollWidth,
      pageWidth: document.documentElement.clientWidth,
    }));
    expect(sizes.overflowX).toBe('auto');
    expect(sizes.scrollWidth).toBeGreaterThan(sizes.clientWidth);
    expect(sizes.pageScrollWidth).toBeLessThanOrEqual(sizes.pageWidth);
    await expectAccessible(page, '/app on a phone with a Markdown summary');
  });
});
