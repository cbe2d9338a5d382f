/**
 * Audit issue 12, items 8 and 13c, on the real product with the Stripe stand-in and NO webhook secret (allowed
 * outside production, with a warning):
 *   - a renewal that no webhook reported still shows up: a stored subscription that was active but whose period
 *     has ended is re-read from Stripe when the gateway reads it (subscription, allowance, upload, checkout), in
 *     bounded time, keeping the stored state when Stripe does not answer;
 *   - only the configured prices are Premium: a paid subscription to another price of the account is not.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandin, type StripeStandin } from '@snapnotes/testing/stripe-standin';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';
import { startStripeGate, type StripeGate } from './stripe-gate.js';

const OTHER_PRICE = 'price_other_product_monthly';

let stripe: StripeStandin;
let gate: StripeGate;
let app: TestApp;

beforeAll(async () => {
  stripe = await startStripeStandin({
    prices: [
      { id: 'price_monthly_standin', interval: 'month', unitAmount: 99 },
      { id: 'price_annual_standin', interval: 'year', unitAmount: 600 },
      { id: OTHER_PRICE, interval: 'month', unitAmount: 1500 },
    ],
  });
  gate = await startStripeGate(stripe.url);
  app = await startTestApp({
    FREE_UPLOADS_PER_MONTH: '0',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: '',
    STRIPE_PRICE_MONTHLY: stripe.prices.monthly,
    STRIPE_PRICE_ANNUAL: stripe.prices.annual,
    STRIPE_API_BASE: gate.url,
  });
});
afterAll(async () => {
  gate?.open();
  await app?.close();
  await gate?.close();
  await stripe?.close();
});

interface SubscriptionReply {
  subscription: { status: string; plan: string; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean } | null;
  hasActiveSubscription: boolean;
}

const json = async <T>(res: Response | Promise<Response>): Promise<T> => (await (await res).json()) as T;
const subscriptionOf = (c: Client) => json<SubscriptionReply>(c.get(`/api/user/${c.id}/subscription`));
const periodEndOf = (subscriptionId: string) =>
  new Date(stripe.subscriptions.get(subscriptionId)!.items.data[0]!.current_period_end * 1000).toISOString();
const reads = (subscriptionId: string) =>
  stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscriptionId}`).length;

async function checkout(c: Client): Promise<string> {
  const res = await c.send('POST', '/api/create-checkout-session', { planType: 'monthly' });
  expect(res.status).toBe(200);
  return ((await res.json()) as { sessionId: string }).sessionId;
}

/**
 * A subscriber whose stored period has ended: paid and verified, then a month went by and no webhook told us about
 * it (the stand-in's period is moved a month back before verify, so Stripe and the stored row agree on it).
 */
async function lapsedSubscriber(name: string): Promise<{ c: Client; subscriptionId: string; endedAt: string }> {
  const c = await signUp(app, name);
  const sessionId = await checkout(c);
  const { subscription } = stripe.completeSession(sessionId);
  const item = subscription.items.data[0]!;
  item.current_period_end = Math.floor(Date.now() / 1000) - 60;
  item.current_period_start = item.current_period_end - 30 * 86_400;
  const res = await c.send('POST', '/api/verify-subscription', { sessionId });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ subscription: { status: 'active' }, hasActiveSubscription: false });
  return { c, subscriptionId: subscription.id, endedAt: periodEndOf(subscription.id) };
}

describe('without STRIPE_WEBHOOK_SECRET', () => {
  it('starts (outside production) with a warning that renewals need it', () => {
    expect(app.config.stripeEnabled).toBe(true);
    expect(app.config.warnings.join('\n')).toMatch(/STRIPE_WEBHOOK_SECRET/);
  });

  it('a renewal shows up when the subscription and the allowance are read, with one Stripe read', async () => {
    const { c, subscriptionId, endedAt } = await lapsedSubscriber('Renewed Rosa');
    stripe.renew(subscriptionId); // Stripe charged the next month; no webhook came
    const before = reads(subscriptionId);
    const renewedEnd = periodEndOf(subscriptionId);
    expect(renewedEnd > endedAt).toBe(true);

    expect(await subscriptionOf(c)).toEqual({
      subscription: { status: 'active', plan: 'monthly', currentPeriodEnd: renewedEnd, cancelAtPeriodEnd: false },
      hasActiveSubscription: true,
    });
    expect(await json(c.get(`/api/user/${c.id}/remaining-uploads`))).toMatchObject({
      remainingUploads: null,
      hasSubscription: true,
    });
    expect(reads(subscriptionId)).toBe(before + 1); // once renewed, the row is current: no more reads
  });

  it("an upload's allowance check and a new checkout see the renewal too", async () => {
    const { c, subscriptionId } = await lapsedSubscriber('Uploading Uma');
    stripe.renew(subscriptionId);
    // FREE_UPLOADS_PER_MONTH=0: without the renewal this is 402; with it, the upload gets as far as the file check.
    const upload = await c.upload([{ name: 'notes.txt', data: Buffer.from('not an image'), type: 'text/plain' }]);
    expect(upload.status).toBe(400);
    expect((await subscriptionOf(c)).hasActiveSubscription).toBe(true);

    const other = await lapsedSubscriber('Checkout Chloe');
    stripe.renew(other.subscriptionId);
    const again = await other.c.send('POST', '/api/create-checkout-session', { planType: 'annual' });
    expect(again.status).toBe(409);
  });

  it('a subscription that really ended stays free, and is stored as Stripe has it', async () => {
    const { c, subscriptionId } = await lapsedSubscriber('Ended Eve');
    stripe.endSubscription(subscriptionId);
    const upload = await c.upload([{ name: 'notes.txt', data: Buffer.from('not an image'), type: 'text/plain' }]);
    expect(upload.status).toBe(402);
    expect(await subscriptionOf(c)).toMatchObject({
      subscription: { status: 'canceled' },
      hasActiveSubscription: false,
    });
  });

  it('keeps the stored state when Stripe fails or does not answer, in bounded time', async () => {
    const failing = await lapsedSubscriber('Failing Fay');
    stripe.renew(failing.subscriptionId);
    stripe.failNextRequests(1);
    expect(await subscriptionOf(failing.c)).toMatchObject({
      subscription: { status: 'active', currentPeriodEnd: failing.endedAt },
      hasActiveSubscription: false,
    });

    const slow = await lapsedSubscriber('Slow Sam');
    stripe.renew(slow.subscriptionId);
    gate.hold((method, path) => method === 'GET' && path === `/v1/subscriptions/${slow.subscriptionId}`);
    try {
      const started = performance.now();
      const [first, second] = await Promise.all([subscriptionOf(slow.c), subscriptionOf(slow.c)]);
      const tookMs = performance.now() - started;
      for (const reply of [first, second]) {
        expect(reply).toMatchObject({
          subscription: { status: 'active', currentPeriodEnd: slow.endedAt },
          hasActiveSubscription: false,
        });
      }
      expect(tookMs).toBeLessThan(8000); // LAPSED_READ_TIMEOUT_MS (5 s) and a margin
      expect(gate.held).toBe(1); // the two requests shared one Stripe read
    } finally {
      gate.open();
    }
  }, 20_000);
});

describe('only the configured prices are Premium', () => {
  it('a paid subscription to another price of the Stripe account is not Premium', async () => {
    const c = await signUp(app, 'Other Product Otto');
    const ours = await checkout(c); // creates and links the user's Stripe customer
    const customer = stripe.sessions.get(ours)!.customer!;
    const session = await stripe.client().checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: String(c.id),
      line_items: [{ price: OTHER_PRICE, quantity: 1 }],
      success_url: 'http://127.0.0.1/success',
    });
    stripe.completeSession(session.id);

    const res = await c.send('POST', '/api/verify-subscription', { sessionId: session.id });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: 'BAD_REQUEST',
      message: expect.stringMatching(/not for a SnapNotes plan/),
    });
    expect(await subscriptionOf(c)).toEqual({ subscription: null, hasActiveSubscription: false });
    expect(await json(c.get(`/api/user/${c.id}/remaining-uploads`))).toMatchObject({ hasSubscription: false });
  });
});
