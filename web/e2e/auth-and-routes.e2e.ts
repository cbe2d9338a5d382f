/**
 * SPEC §2 and §6 in a real browser: every route's title and texts, the access rules for visitors and users,
 * Google sign-in through the Auth emulator's popup, logout, and the pages that redirect on a timer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  currentPath,
  expectAccessible,
  launchBrowser,
  newAccount,
  newSession,
  signInWithPopup,
  startProduct,
  waitForPath,
  waitForTitle,
  waitForToast,
  watchTimedRedirect,
  type Product,
  type Session,
} from './harness.js';

let product: Product;
let browser: Browser;
const sessions: Session[] = [];

async function visitor(): Promise<Page> {
  const session = await newSession(browser, product.url);
  sessions.push(session);
  return session.page;
}

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
});
afterAll(async () => {
  for (const s of sessions) await s.context.close().catch(() => {});
  await browser?.close();
  await product?.close();
});

/** The visible text of the main landmark, whitespace collapsed. */
async function mainText(page: Page): Promise<string> {
  return (await page.locator('main').innerText()).replace(/\s+/g, ' ');
}

describe('signed-out visitors', () => {
  it.each([
    ['/app', '/?tab=signup'],
    ['/settings', '/'],
    ['/feedback', '/?tab=signup'],
  ])('are sent from %s to %s', async (from, to) => {
    const page = await visitor();
    await page.goto(from);
    await waitForPath(page, to);
    await waitForTitle(page, 'Home | SnapNotes');
    const selected = page.getByRole('tab', { selected: true });
    await expect.poll(() => selected.innerText()).toBe(to === '/?tab=signup' ? 'Sign Up' : 'Login');
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
  });

  it('see the landing page with its texts, tabs, links and the sign-in card', async () => {
    const page = await visitor();
    await page.goto('/?tab=whatever');
    await waitForTitle(page, 'Home | SnapNotes');
    await page.getByRole('heading', { level: 1, name: 'Convert images to notes — in seconds.' }).waitFor();
    const text = await mainText(page);
    expect(text).toContain('organised, searchable notes');
    for (const feature of ['Import Images', 'AI Summaries', 'Easy Sharing']) {
      await page.getByRole('heading', { name: feature, exact: true }).waitFor();
    }
    expect(text).toContain('just a few taps');
    expect(text).toContain('Share your notes with one click.');
    // Any tab value but 'signup' selects login.
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('Login');
    await page.getByRole('heading', { name: 'Sign in to access all features:' }).waitFor();
    expect(text).toContain('Your notes are saved and available from any device');
    expect(text).toContain('Your uploads and data are kept private and secure');
    const card = page.locator('main');
    expect(await card.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');
    expect(await card.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(await page.locator('footer').innerText()).toContain('© 2025 SnapNotes');
    // Both tabs show the same Google sign-in card.
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await waitForPath(page, '/?tab=signup');
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    await expectAccessible(page);
    // The header's About button; the title follows client-side navigation.
    await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
    await waitForPath(page, '/about');
    await waitForTitle(page, 'About | SnapNotes');
  });

  it('see the About page', async () => {
    const page = await visitor();
    await page.goto('/about');
    await waitForTitle(page, 'About | SnapNotes');
    await page.getByRole('heading', { name: 'How It Works' }).waitFor();
    for (const step of ['1. Upload', '2. Process', '3. Organize']) {
      await page.getByRole('heading', { name: step }).waitFor();
    }
    for (const feature of ['OCR Text Extraction', 'AI Summaries', 'Searchable Notes', 'Multi-language Support']) {
      await page.getByRole('heading', { name: feature, exact: true }).waitFor();
    }
    expect(await mainText(page)).toMatch(/OpenAI, a third-party AI provider/);
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Get Started Now' }).getAttribute('href')).toBe('/');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Get Started Now' }).click();
    await waitForPath(page, '/');
  });

  it.each([
    [
      '/terms-of-service',
      'Terms of Service',
      [
        'Introduction',
        'Using the Service',
        'Account Registration',
        'Content and Ownership',
        'Privacy',
        'Limitation of Liability',
        'Changes to These Terms',
        'Termination',
        'Governing Law',
        'Contact',
      ],
    ],
    [
      '/privacy-policy',
      'Privacy Policy',
      [
        'Introduction',
        'Information We Collect',
        'How We Use Your Information',
        'Third-Party Services',
        'Data Storage and Security',
        'Data Retention',
        'Your Rights',
        "Children's Privacy",
        'Changes to This Policy',
        'Contact Us',
      ],
    ],
  ] as const)('see %s with 10 sections, the date and the header links', async (path, name, sections) => {
    const page = await visitor();
    await page.goto(path);
    await waitForTitle(page, `${name} | SnapNotes`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const headings = await page.locator('main section h2').allInnerTexts();
    expect(headings).toEqual(sections.map((title, i) => `${i + 1}. ${title}`));
    const text = await mainText(page);
    expect(text).toContain('Last updated: April 11, 2025');
    if (path === '/terms-of-service') {
      expect(text).toMatch(/you keep ownership/i);
      expect(text).toMatch(/licen[cs]e/i);
    } else {
      expect(text).toMatch(/children under 13/);
      for (const right of ['access', 'correction', 'deletion', 'restriction', 'portability'])
        expect(text).toContain(right);
      for (const data of ['name, email address and profile picture', 'Usage data', 'Device data']) {
        expect(text).toContain(data);
      }
    }
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Home', exact: true }).getAttribute('href')).toBe('/');
    expect(await header.getByRole('link', { name: 'About', exact: true }).getAttribute('href')).toBe('/about');
    await expectAccessible(page);
  });

  it('see the 404 page on any other path, served as the app', async () => {
    const page = await visitor();
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(200);
    await waitForTitle(page, 'Page Not Found | SnapNotes');
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await waitForPath(page, '/');
    await waitForTitle(page, 'Home | SnapNotes');
  });

  it('see the sign-in callback page, then go to / after 1.5 s', async () => {
    const page = await visitor();
    const redirected = await watchTimedRedirect(page, 'Processing authentication...', '/');
    await page.goto('/__/auth/handler');
    await page.getByText('Processing authentication...').waitFor();
    await page.getByText('Please wait while we complete your sign-in.').waitFor();
    await waitForTitle(page, 'Signing In | SnapNotes');
    expect(await redirected()).toBeGreaterThanOrEqual(1_490);
    await waitForPath(page, '/');
  });

  it('see the subscription pages', async () => {
    const page = await visitor();
    await page.goto('/subscription/success');
    await waitForTitle(page, 'Subscription Success | SnapNotes');
    await page.getByText('No session ID found. Unable to verify subscription.').waitFor();
    await expectAccessible(page);
    await page.goto('/subscription/cancel');
    await waitForTitle(page, 'Subscription Cancelled | SnapNotes');
    await page.getByText("You've cancelled the subscription process.").waitFor();
    await page.getByText('You can still use the app with limited uploads.').waitFor();
    await waitForToast(page, 'Subscription not completed', 'subscribe anytime to unlock unlimited uploads');
  });

  it('do not get app files for unknown API paths or missing assets', async () => {
    const api = await fetch(`${product.url}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
    const asset = await fetch(`${product.url}/assets/missing-chunk.js`);
    expect(asset.status).toBe(404);
    const shell = await fetch(`${product.url}/settings`);
    expect(shell.status).toBe(200);
    expect(shell.headers.get('content-type')).toContain('text/html');
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    // The Google sign-in popup must be able to report back to its opener.
    expect(shell.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    // Content-hashed bundles are cached for good.
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(await shell.text())?.[1];
    expect(script).toBeDefined();
    const bundle = await fetch(`${product.url}${script}`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('Google sign-in', () => {
  it('through the popup: the account chooser, then /app, the toast and a bearer token on every call', async () => {
    const page = await visitor();
    await page.goto('/?tab=login');
    const account = newAccount('Grace Hopper');
    const authHeaders: Array<string | undefined> = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/notes/')) authHeaders.push(req.headers().authorization);
    });

    const button = page.getByRole('button', { name: 'Sign in with Google' });
    const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
    // While the popup is open the button says so and cannot be pressed again.
    const busy = page.getByRole('button', { name: 'Signing in...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await popup.waitForLoadState('domcontentloaded');
    expect(popup.url()).toContain('/emulator/auth/handler');
    expect(popup.url()).toContain('select_account');
    await popup.click('#add-account-button button');
    await popup.fill('#email-input', account.email);
    await popup.fill('#display-name-input', account.name);
    await popup.click('#sign-in');

    await waitForPath(page, '/app');
    await waitForTitle(page, 'App | SnapNotes');
    await waitForToast(page, 'Login successful', 'Welcome!');
    await page.getByRole('heading', { name: 'Your Notes' }).waitFor();
    await page.getByText('No notes yet').waitFor();
    expect(authHeaders.length).toBeGreaterThan(0);
    expect(authHeaders.every((h) => /^Bearer \S{20,}$/.test(h ?? ''))).toBe(true);

    // The avatar shows the initials; its menu names the account.
    const menu = page.getByRole('button', { name: 'Account menu' });
    expect(await menu.locator('[aria-hidden="true"]').innerText()).toBe('GH');
    await menu.click();
    const items = page.getByRole('menu');
    expect(await items.innerText()).toContain(account.email);
    await page.keyboard.press('Escape');

    // A signed-in user is sent from the landing page to /app.
    await page.goto('/');
    await waitForPath(page, '/app');
    await page.goto('/?tab=signup');
    await waitForPath(page, '/app');

    // Signed-in pages have their titles.
    await page.goto('/settings');
    await waitForTitle(page, 'Settings | SnapNotes');
    await page.goto('/feedback');
    await waitForTitle(page, 'Feedback | SnapNotes');

    // The cancel page refreshes the subscription data, toasts and returns to /app after 2 s.
    const refreshed = page.waitForRequest((req) => /\/api\/user\/\d+\/subscription$/.test(req.url()));
    const returned = await watchTimedRedirect(page, "You've cancelled the subscription process.", '/app');
    await page.goto('/subscription/cancel');
    await page.getByText("You've cancelled the subscription process.").waitFor();
    await refreshed;
    await waitForToast(page, 'Subscription not completed');
    expect(await returned()).toBeGreaterThanOrEqual(1_990);
    await waitForPath(page, '/app');

    // Logout: from the avatar menu to /?tab=login, with its toast; the session is gone.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/?tab=login');
    await waitForToast(page, 'Logged out', 'You have been successfully logged out.');
    await page.goto('/app');
    await waitForPath(page, '/?tab=signup');
  });

  it("by redirect: the emulator's account chooser, back to the app, then /app", async () => {
    const page = await visitor();
    await page.goto('/?tab=login');
    const account = newAccount('Rita Redirect');
    await page.getByRole('button', { name: 'Sign in with a redirect instead' }).click();
    await page.waitForURL(/\/emulator\/auth\/handler/);
    await page.click('#add-account-button button');
    await page.fill('#email-input', account.email);
    await page.fill('#display-name-input', account.name);
    await page.click('#sign-in');
    await waitForToast(page, 'Login successful', 'Welcome!');
    await waitForPath(page, '/app');
    const avatar = page.getByRole('button', { name: 'Account menu' }).locator('[aria-hidden="true"]');
    expect(await avatar.innerText()).toBe('RR');
  });

  it('a returning user signs in again and a closed popup says "Sign-in not completed"', async () => {
    const page = await visitor();
    await page.goto('/');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Sign in with Google' }).click(),
    ]);
    await popup.waitForLoadState('domcontentloaded');
    await popup.close();
    // The SDK notices the closed popup after its own grace period (about 8 s).
    await waitForToast(page, 'Sign-in not completed', 'Please try again or choose a different account.', 30_000);
    const button = page.getByRole('button', { name: 'Sign in with Google' });
    expect(await button.isEnabled()).toBe(true);
    expect(currentPath(page)).toBe('/');

    await signInWithPopup(page, newAccount('Ada Lovelace'));
    const avatar = page.getByRole('button', { name: 'Account menu' }).locator('[aria-hidden="true"]');
    expect(await avatar.innerText()).toBe('AL');
  });
});
