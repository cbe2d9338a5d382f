/**
 * Plans and payments in a real browser (SPEC §4 upgrade panel, §8 checkout and verify, §9 prices): a free user uses
 * the allowance, the upgrade panel shows the prices, checkout goes to the Stripe stand-in's hosted page (a local
 * server speaking the Stripe API), the success page verifies, and the user has unlimited uploads; the cancel page;
 * the rate limit's message; and the informational toast, in the user's words, when payments are not configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { renderScreenshot } from '@snapnotes/testing/images';
import { STANDIN_WEBHOOK_SECRET, startStripeStandin, type StripeStandin } from '@snapnotes/testing/stripe-standin';
import {
  currentPath,
  launchBrowser,
  signedInSession,
  startProduct,
  waitForPath,
  waitForToast,
  type Product,
  type Session,
} from './harness.js';

let product: Product;
let stripe: StripeStandin;
let browser: Browser;
const sessions: Session[] = [];

beforeAll(async () => {
  stripe = await startStripeStandin();
  [product, browser] = await Promise.all([
    startProduct({
      FREE_UPLOADS_PER_MONTH: '1',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: STANDIN_WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: stripe.prices.monthly,
      STRIPE_PRICE_ANNUAL: stripe.prices.annual,
      STRIPE_API_BASE: stripe.url,
    }),
    launchBrowser(),
  ]);
  // Like a Stripe webhook endpoint: the hosted page's payment also sends checkout.session.completed.
  stripe.setWebhook({ url: `${product.url}/api/stripe/webhook`, secret: STANDIN_WEBHOOK_SECRET });
});
afterAll(async () => {
  for (const s of sessions) await s.context.close().catch(() => {});
  await browser?.close();
  await product?.close();
  await stripe?.close();
});

async function signedIn(name: string, url = product.url): Promise<Page> {
  const session = await signedInSession(browser, url, name);
  sessions.push(session);
  return session.page;
}

let shots = 0;
/** A screenshot of its own each time: the same one sent again would be recognised as already in the notes. */
const freshScreenshot = () => {
  shots++;
  return renderScreenshot({
    lines: [
      'Premium plans',
      `Receipt ${shots} of the subscription`,
      'Thank you for your order. '.repeat(1 + (shots % 3)),
    ],
    height: 420 + shots * 90,
  });
};

async function uploadFiles(page: Page, count: number) {
  // The file picker's input (the camera has its own).
  const input = page.getByLabel('Upload images', { exact: true });
  await page.waitForSelector('input[type=file][multiple]:not([disabled])', { state: 'attached' });
  const files = [];
  for (let i = 0; i < count; i++) {
    files.push({
      name: `shot-${i + 1}.png`,
      mimeType: 'image/png',
      buffer: await freshScreenshot(),
    });
  }
  await input.setInputFiles(files);
}

/** Waits for the upload to succeed and the section to be ready again (2 s after success, SPEC §4). */
async function uploadAndSucceed(page: Page, count = 1) {
  await uploadFiles(page, count);
  // The one success message (issue 23: no 'Success!' toast).
  await page.getByRole('status').getByText('Note created successfully!').first().waitFor({ timeout: 30_000 });
  await page.waitForSelector('input[type=file][multiple]:not([disabled])', { state: 'attached', timeout: 20_000 });
}

const upgradePanel = (page: Page) => page.getByRole('region', { name: 'Unlock unlimited uploads' });

describe('a free user who runs out of uploads', () => {
  it('upgrades through checkout, is verified on the success page and then uploads without limit', async () => {
    const page = await signedIn('Paying Paula');
    await page.getByText('1 of 1 free upload left this month').waitFor();
    await uploadAndSucceed(page);
    await page.getByText('0 of 1 free upload left this month').waitFor();

    // Blocked on the client: the message and the upgrade panel (annual tab by default, SPEC §9 prices).
    await uploadFiles(page, 1);
    await page.getByText("You've used all your free uploads. Please subscribe to continue.").waitFor();
    const panel = upgradePanel(page);
    await panel.waitFor();
    expect(await panel.getByRole('tab', { selected: true }).innerText()).toBe('Annual');
    const annualText = (await panel.innerText()).replace(/\s+/g, ' ');
    for (const text of ['$6', '/year', 'Save 50%', '$5.88 saved vs monthly']) expect(annualText).toContain(text);
    await panel.getByRole('tab', { name: 'Monthly' }).click();
    await panel.getByText('$11.88/year when paid monthly').waitFor();
    const monthlyText = (await panel.innerText()).replace(/\s+/g, ' ');
    expect(monthlyText).toContain('$0.99');
    expect(monthlyText).toContain('/month');
    await panel.getByRole('tab', { name: 'Annual' }).click();

    // Checkout on the stand-in's hosted page, back to the success page.
    await panel.getByRole('button', { name: 'Subscribe Annually' }).click();
    await page.waitForURL(`${stripe.url}/c/pay/**`);
    expect(await page.locator('#amount').innerText()).toBe('$6.00 / year');
    await page.getByRole('button', { name: 'Pay and subscribe' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription/success' && url.searchParams.has('session_id'));
    await waitForToast(page, 'Subscription successful!', 'Thank you for subscribing. You now have unlimited uploads.');
    await waitForPath(page, '/app', 5_000);

    await page.getByText(/^∞?\s*Unlimited uploads$/).waitFor();
    await uploadAndSucceed(page);
    expect(await upgradePanel(page).count()).toBe(0);

    // The rate limit applies to everyone: 10 images in 5 minutes (1 + 1 + 8 so far), then a clear message.
    await uploadAndSucceed(page, 8);
    await uploadFiles(page, 1);
    const alert = page.getByRole('alert').filter({ hasText: 'Upload failed' });
    await alert.waitFor();
    expect((await alert.innerText()).replace(/\s+/g, ' ')).toMatch(
      /Too many uploads: you can upload at most 10 screenshots every 5 minutes\. Try again in \d+ minutes?\./,
    );
  });

  it('comes back from a cancelled checkout to the cancel page, then to /app', async () => {
    const page = await signedIn('Hesitant Hugo');
    await uploadAndSucceed(page);
    await page.getByRole('button', { name: /Go unlimited/ }).click();
    const panel = upgradePanel(page);
    await panel.getByRole('tab', { name: 'Monthly' }).click();
    await panel.getByRole('button', { name: 'Subscribe Monthly' }).click();
    await page.waitForURL(`${stripe.url}/c/pay/**`);
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await waitForPath(page, '/subscription/cancel');
    await page.getByText("You've cancelled the subscription process.").waitFor();
    await page.getByText('You can still use the app with limited uploads.').waitFor();
    await waitForToast(page, 'Subscription not completed', 'subscribe anytime to unlock unlimited uploads');
    await waitForPath(page, '/app', 5_000);
    expect(currentPath(page)).toBe('/app');
    await page.getByText('0 of 1 free upload left this month').waitFor();
  });
});

describe('without payment configuration', () => {
  let bare: Product;
  beforeAll(async () => {
    bare = await startProduct({ FREE_UPLOADS_PER_MONTH: '0' });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it("says payments aren't available, in words for the user (issue 23: no keys or price IDs on screen)", async () => {
    const page = await signedIn('Curious Cleo', bare.url);
    await page.getByRole('button', { name: /Go unlimited/ }).click();
    await upgradePanel(page).getByRole('button', { name: 'Subscribe Annually' }).click();
    const text = await waitForToast(page, 'Subscription service unavailable');
    expect(text).toContain("Payments aren't available on this server yet.");
    expect(text).not.toMatch(/stripe|api key|price id|configur/i);
    expect(currentPath(page)).toBe('/app');
  });
});
