/**
 * /settings and /feedback against the real gateway and database (SPEC §2, §4, §5, §8): profile, usage
 * statistics with thousands separators, the plan card, the languages in my screenshots (and the About page's list),
 * navigation, sign-out, and the feedback form's validation, sending state, success, failure and per-account limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  expectAccessible,
  newAccount,
  newSession,
  signInWithPopup,
  startSignedIn,
  waitForPath,
  waitForTitle,
  waitForToast,
  type Product,
  type SignedIn,
} from './harness.js';
import { seedNote } from './seed.js';

let session: SignedIn;
let product: Product;
let page: Page;
let userId: number;
const account = newAccount('Marie Curie');

/** A finished note of `words` words for `owner` (the signed-in user by default). */
function seedWords(title: string, words: number, owner = userId): Promise<void> {
  return seedNote(product, {
    userId: owner,
    title,
    keyPoints: ['A seeded note'],
    detailedSummary: 'Seeded for the statistics.',
    originalText: Array.from({ length: words }, (_, i) => `word${i}`).join(' '),
    imageCount: 1,
    fileName: 'seed.png',
  });
}

beforeAll(async () => {
  session = await startSignedIn(account);
  ({ product, page, userId } = session);
});
afterAll(async () => {
  await session?.close();
});

describe('settings', () => {
  it('shows the profile, thousands-separated statistics, the plan and the links', async () => {
    await seedWords('Radioactivity notes', 1_200);
    await seedWords('Polonium and radium', 834);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await waitForPath(page, '/settings');
    await waitForTitle(page, 'Settings | SnapNotes');

    const main = page.locator('main');
    await main.getByText(account.name, { exact: true }).waitFor();
    await main.getByText(account.email, { exact: true }).waitFor();
    expect(await main.getByText('MC', { exact: true }).count()).toBe(1);

    const stat = (label: string) => main.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    await expect.poll(() => stat('Total Notes Created').innerText()).toBe('2');
    await expect.poll(() => stat('Total Words Processed').innerText()).toBe('2,034');
    await main.getByText('48 of 50 uploads left this month').waitFor();
    await expectAccessible(page);

    // The plan card opens the plans on the annual tab.
    await main.getByRole('button', { name: 'Upgrade' }).click();
    const plans = page.getByRole('region', { name: 'Upgrade to Premium' });
    expect(await plans.getByRole('tab', { selected: true }).innerText()).toBe('Annual');
    await expectAccessible(page, '/settings with the plans');
    await plans.getByRole('button', { name: 'Maybe Later' }).click();
    await plans.waitFor({ state: 'detached' });

    await main.getByRole('link', { name: 'Back to App' }).click();
    await waitForPath(page, '/app');
    await page.goto('/settings');
    await page.locator('main').getByRole('link', { name: 'Send Feedback' }).click();
    await waitForPath(page, '/feedback');
    await waitForTitle(page, 'Feedback | SnapNotes');
    await page.getByRole('link', { name: 'Back to Settings' }).click();
    await waitForPath(page, '/settings');
  });
});

describe('languages in my screenshots', () => {
  const region = () => page.getByRole('region', { name: 'Languages in my screenshots' });
  const box = (name: string) => region().getByRole('checkbox', { name, exact: true });
  const checkedNames = async () => {
    const names: string[] = [];
    for (const b of await region().getByRole('checkbox').all()) {
      if ((await b.getAttribute('aria-checked')) === 'true') names.push((await b.getAttribute('id')) ?? '');
    }
    return names;
  };

  it("lists the server's languages, saves a change, and still shows it after a reload", async () => {
    await page.goto('/settings');
    await region()
      .getByText(
        'SnapNotes detects the language of each screenshot; choose the ones you usually capture so it reads them first.',
      )
      .waitFor();
    await box('English').waitFor();
    expect(await region().getByRole('checkbox').count()).toBe(7);
    // Nothing chosen yet: the server's default, which cannot be unchecked as the last one.
    expect(await checkedNames()).toEqual(['ocr-language-eng']);
    expect(await box('English').isDisabled()).toBe(true);
    await expectAccessible(page, '/settings languages');

    await box('French').click();
    await box('German').click();
    expect(await box('Spanish').isDisabled()).toBe(true);
    await box('English').click();
    const reply = page.waitForResponse((res) => res.url().endsWith(`/api/user/${userId}/settings`));
    await region().getByRole('button', { name: 'Save languages' }).click();
    const res = await reply;
    expect(res.status()).toBe(200);
    expect(res.request().method()).toBe('PATCH');
    expect(res.request().postDataJSON()).toEqual({ ocrLanguages: ['fra', 'deu'] });
    await waitForToast(page, 'Languages saved', 'French and German will be read first.');
    expect(await product.running.app.deps.repos.users.getOcrLanguages(userId)).toEqual(['fra', 'deu']);

    await page.reload();
    await box('French').waitFor();
    await expect.poll(checkedNames).toEqual(['ocr-language-fra', 'ocr-language-deu']);
    expect(await region().getByRole('button', { name: 'Save languages' }).isDisabled()).toBe(true);
  });

  it('says why a save failed and keeps the choice', async () => {
    await page.route('**/api/user/*/settings', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'BAD_REQUEST', message: 'Choose at most 3 languages.' }),
      }),
    );
    await box('Dutch').click();
    await region().getByRole('button', { name: 'Save languages' }).click();
    await waitForToast(page, 'Could not save languages', 'Choose at most 3 languages.');
    expect(await checkedNames()).toEqual(['ocr-language-fra', 'ocr-language-deu', 'ocr-language-nld']);
    await page.unroute('**/api/user/*/settings');
    expect(await product.running.app.deps.repos.users.getOcrLanguages(userId)).toEqual(['fra', 'deu']);
  });
});

describe('about', () => {
  it('names the languages the server reads under Multi-language Support', async () => {
    await page.goto('/about');
    const feature = page.getByRole('heading', { name: 'Multi-language Support' }).locator('xpath=following-sibling::p');
    await expect
      .poll(() => feature.innerText())
      .toContain('English, French, German, Spanish, Italian, Portuguese, and Dutch');
  });
});

describe('feedback', () => {
  const field = (label: string) => page.getByLabel(label, { exact: true });

  it('shows its text, fields and hints', async () => {
    await page.goto('/feedback');
    await page.getByText('We appreciate your feedback and will use it to improve our service.').waitFor();
    expect(await field('Name').getAttribute('placeholder')).toBe('Your name');
    expect(await field('Email').getAttribute('type')).toBe('email');
    expect(await field('Email').getAttribute('placeholder')).toMatch(/^[^@\s]+@example\.com$/);
    expect(await field('Message').getAttribute('placeholder')).toBe('Your feedback or suggestions...');
    await page.getByText('Please share your thoughts, suggestions, or report any issues.').waitFor();
  });

  it('validates every field with its own message', async () => {
    const posts: string[] = [];
    const onRequest = (req: { method(): string; url(): string }) => {
      if (req.method() === 'POST') posts.push(req.url());
    };
    page.on('request', onRequest);
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await page.getByText('Name must be at least 2 characters.').waitFor();
    await page.getByText('Please enter a valid email address.').waitFor();
    await page.getByText('Message must be at least 10 characters.').waitFor();
    expect(await field('Name').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, '/feedback with errors');

    await field('Name').fill('M');
    await field('Email').fill('marie@');
    await field('Message').fill('Too short');
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await page.getByText('Name must be at least 2 characters.').waitFor();
    await page.getByText('Please enter a valid email address.').waitFor();
    await page.getByText('Message must be at least 10 characters.').waitFor();
    page.off('request', onRequest);
    expect(posts).toEqual([]);
  });

  it('keeps the form when sending fails', async () => {
    await page.route('**/api/feedback', (route) => route.abort('connectionrefused'));
    await field('Name').fill('Marie Curie');
    await field('Email').fill('marie@example.com');
    await field('Message').fill('The statistics page is lovely.');
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await waitForToast(page, 'Error', 'Failed to send feedback. Please try again later.');
    expect(await field('Message').inputValue()).toBe('The statistics page is lovely.');
    expect(await field('Name').inputValue()).toBe('Marie Curie');
    await page.unroute('**/api/feedback');
  });

  it('sends: "Sending..." while working, then the toast and an empty form', async () => {
    // Hold the real reply a moment to see the sending state.
    await page.route('**/api/feedback', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fallback();
    });
    const reply = page.waitForResponse((res) => res.url().endsWith('/api/feedback'));
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    const res = await reply;
    expect(res.status()).toBe(201);
    expect(res.request().postDataJSON()).toEqual({
      name: 'Marie Curie',
      email: 'marie@example.com',
      message: 'The statistics page is lovely.',
    });
    // The server takes feedback from signed-in accounts only: the form sends the user's token.
    expect(await res.request().headerValue('authorization')).toMatch(/^Bearer \S+$/);
    await waitForToast(page, 'Feedback sent', 'Thank you for your feedback!');
    await expect.poll(() => field('Message').inputValue()).toBe('');
    expect(await field('Name').inputValue()).toBe('');
    expect(await field('Email').inputValue()).toBe('');
    await page.unroute('**/api/feedback');
  });

  it("shows the server's message when an account sends more than 5 messages in 10 minutes", async () => {
    // One message went above; four more are taken, the sixth is refused with the rule and when to come back.
    const send = async (n: number) => {
      await field('Name').fill('Marie Curie');
      await field('Email').fill('marie@example.com');
      await field('Message').fill(`Feedback number ${n}: the statistics page is lovely.`);
      const reply = page.waitForResponse((r) => r.url().endsWith('/api/feedback'));
      await page.getByRole('button', { name: 'Send Feedback' }).click();
      return (await reply).status();
    };
    for (let n = 2; n <= 5; n++) {
      expect(await send(n)).toBe(201);
      await expect.poll(() => field('Message').inputValue()).toBe('');
    }
    expect(await send(6)).toBe(429);
    await waitForToast(page, 'Error', 'Too much feedback at once: you can send at most 5 messages every 10 minutes.');
    expect(await field('Message').inputValue()).toBe('Feedback number 6: the statistics page is lovely.');
  });
});

describe('sign out from settings', () => {
  it('goes to /?tab=login with the toast', async () => {
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await waitForPath(page, '/?tab=login');
    await waitForToast(page, 'Logged out', 'You have been successfully logged out.');
    await page.goto('/settings');
    await waitForPath(page, '/');
  });
});

describe('delete account', () => {
  it('asks first, then deletes the account with its notes and signs out', async () => {
    const other = await newSession(session.browser, product.url);
    try {
      const target = other.page;
      const idRequest = target.waitForRequest((req) => /\/api\/notes\/\d+(\?|$)/.test(req.url()));
      await signInWithPopup(target, newAccount('Leaving Lena'));
      const id = Number(new URL((await idRequest).url()).pathname.split('/').pop());
      await seedWords('Notes that will go', 10, id);
      await target.goto('/settings');
      const main = target.locator('main');
      await main.getByText('Delete account', { exact: true }).first().waitFor();

      await main.getByRole('button', { name: 'Delete account' }).click();
      const dialog = target.getByRole('alertdialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      await expectAccessible(target, 'the delete-account dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await product.running.app.deps.repos.users.findById(id)).toBeDefined();

      await main.getByRole('button', { name: 'Delete account' }).click();
      await dialog.getByRole('button', { name: 'Delete account' }).click();
      await waitForPath(target, '/?tab=login');
      await waitForToast(target, 'Account deleted');
      expect(await product.running.app.deps.repos.users.findById(id)).toBeUndefined();
      expect(await product.running.app.deps.repos.notes.statistics(id)).toEqual({ totalNotes: 0, totalWords: 0 });
      await target.goto('/app');
      await waitForPath(target, '/?tab=signup');
    } finally {
      await other.context.close();
    }
  });
});
