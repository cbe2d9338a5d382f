/**
 * "Read again" (issue 13) in a real browser against the real product: a note's images are read again through the
 * pipeline, in the languages the user checks, and the note is updated in place: the same card, a renamed title
 * kept, no upload used. The toast says what changed: the text and summary, or nothing (issue 23).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { renderScreenshot } from '@snapnotes/testing/images';
import { expectAccessible, startSignedIn, visibleToasts, waitForToast, type SignedIn } from './harness.js';

let session: SignedIn;
let page: Page;
let shot: Buffer;
let changedShot: Buffer;

beforeAll(async () => {
  [session, shot, changedShot] = await Promise.all([
    startSignedIn('Rae Reread'),
    renderScreenshot({
      lines: ['Glaciers carve valleys over thousands of years', 'as ice moves slowly downhill under its weight'],
    }),
    renderScreenshot({
      lines: ['Moraines are ridges of rock left behind', 'where a glacier once stopped and melted away'],
    }),
  ]);
  page = session.page;
});
afterAll(async () => {
  await session?.close();
});

const cards = (target: Page) => target.getByRole('list', { name: 'Your Notes' }).locator(':scope > li');

/** The bodies of the re-read requests the page sends. */
function recordRereads(target: Page): unknown[] {
  const bodies: unknown[] = [];
  target.on('request', (request: Request) => {
    if (/\/api\/notes\/\d+\/reprocess$/.test(request.url())) bodies.push(request.postDataJSON());
  });
  return bodies;
}

describe('Read again', () => {
  it('reads a renamed note again in the checked languages, keeping its title, its card and the allowance', async () => {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Browse Files' }).click(),
    ]);
    await chooser.setFiles({ name: 'glaciers.png', mimeType: 'image/png', buffer: shot });
    await page.getByText('Note created successfully!').waitFor({ timeout: 60_000 });
    await page.getByText('49 of 50 free uploads left this month').first().waitFor();

    // Rename the note: a re-read keeps the user's title.
    await cards(page)
      .first()
      .getByRole('button', { name: /^Edit title: / })
      .click();
    const titleBox = page.getByRole('textbox', { name: 'Note title' });
    await titleBox.fill('Glaciers, my notes');
    await titleBox.press('Enter');
    await waitForToast(page, 'Title updated');

    // The stored screenshot now reads differently (as a better reading of a hard image would): the text changes.
    const { store } = session.product.running.app.deps;
    const [key] = (await store.list('users/')).filter((k) => k.endsWith('.png'));
    await store.put(key!, changedShot, 'image/png');

    const bodies = recordRereads(page);
    await page.getByRole('button', { name: 'Read again: Glaciers, my notes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Read this note again?' });
    await dialog.waitFor();
    await dialog.getByText('This does not use an upload.', { exact: false }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
    await dialog.getByRole('checkbox', { name: 'French' }).click();
    await expectAccessible(page, 'Read again dialog');
    await dialog.getByRole('button', { name: 'Read again' }).click();

    await waitForToast(page, 'Note read again', 'Its text and summary have been updated.', 90_000);
    await dialog.waitFor({ state: 'detached' });
    expect(bodies).toEqual([{ languages: ['eng', 'fra'] }]);
    expect(await cards(page).count()).toBe(1);
    await cards(page).first().getByRole('heading', { level: 3, name: 'Glaciers, my notes' }).waitFor();
    await cards(page).first().getByRole('button', { name: 'Original Text' }).click();
    await cards(page).first().locator('pre', { hasText: 'Moraines are ridges' }).waitFor();
    // No upload was used.
    await page.getByText('49 of 50 free uploads left this month').first().waitFor();
    await page.reload();
    await cards(page).first().getByRole('heading', { level: 3, name: 'Glaciers, my notes' }).waitFor();
    expect(session.errors).toEqual([]);
  });

  it('sends no languages when the user keeps their own, can be closed while it runs, says nothing changed', async () => {
    const bodies = recordRereads(page);
    await page.getByRole('button', { name: 'Read again: Glaciers, my notes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Read this note again?' });
    await dialog.getByRole('button', { name: 'Read again' }).click();
    await dialog.getByText('Reading the images again...', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });
    // The toast comes when the server answers (English alone may read the image a little differently).
    await page
      .getByRole('region', { name: /^Notifications/ })
      .locator('li')
      .first()
      .waitFor({ timeout: 90_000 });
    expect(bodies).toEqual([{}]);
    expect(await cards(page).count()).toBe(1);

    // The same images in the same languages read the same: it says nothing changed, not "updated".
    await page.getByRole('button', { name: 'Read again: Glaciers, my notes' }).click();
    const [reply] = await Promise.all([
      page.waitForResponse((r) => /\/reprocess$/.test(r.url()), { timeout: 90_000 }),
      dialog.getByRole('button', { name: 'Read again' }).click(),
    ]);
    expect(((await reply.json()) as { changed: unknown }).changed).toEqual({
      text: false,
      summary: false,
      title: false,
    });
    await waitForToast(page, 'Nothing changed', 'The note already matches its images.');
    expect(await visibleToasts(page)).toHaveLength(1);
    expect(bodies).toEqual([{}, {}]);
  });
});
