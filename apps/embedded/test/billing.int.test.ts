/**
 * Plans and payments end to end: the real product over HTTP (PostgreSQL, S3, emulator tokens, OCR) with the stripe
 * SDK talking to the Stripe stand-in, and webhooks signed with the SDK's own test header helper.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note } from '@snapnotes/contracts';
import { renderScreenshot } from '@snapnotes/testing/images';
import { startOpenAIStandin, type OpenAIStandin } from '@snapnotes/testing/openai-standin';
import {
  STANDIN_WEBHOOK_SECRET,
  startStripeStandin,
  type StandinEvent,
  type StandinSubscription,
  type StripeStandin,
} from '@snapnotes/testing/stripe-standin';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';

let stripe: StripeStandin;
let openai: OpenAIStandin;
let app: TestApp;

beforeAll(async () => {
  [stripe, openai] = await Promise.all([startStripeStandin(), startOpenAIStandin()]);
  app = await startTestApp({
    FREE_UPLOADS_PER_MONTH: '1',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: STANDIN_WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: stripe.prices.monthly,
    STRIPE_PRICE_ANNUAL: stripe.prices.annual,
    STRIPE_API_BASE: stripe.url,
    OPENAI_BASE_URL: openai.url,
    OPENAI_API_KEY: 'sk-test-standin',
    OPENAI_MODEL: 'gpt-4o-mini',
    OPENAI_PREMIUM_MODEL: 'gpt-4o',
  });
});
afterAll(async () => {
  await app?.close();
  await Promise.all([stripe?.close(), openai?.close()]);
});

interface SubscriptionReply {
  subscription: { status: string; plan: string; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean } | null;
  hasActiveSubscription: boolean;
}

const json = async <T>(res: Response | Promise<Response>): Promise<T> => (await (await res).json()) as T;
const webhookUrl = () => `${app.url}/api/stripe/webhook`;
const periodEnd = (sub: StandinSubscription) => new Date(sub.items.data[0]!.current_period_end * 1000).toISOString();
const subscriptionOf = (c: Client) => json<SubscriptionReply>(c.get(`/api/user/${c.id}/subscription`));
const remainingOf = (c: Client) =>
  json<{ remainingUploads: number | null; hasSubscription: boolean; limit: number | null }>(
    c.get(`/api/user/${c.id}/remaining-uploads`),
  );
const checkout = (c: Client, planType: unknown) => c.send('POST', '/api/create-checkout-session', { planType });
const verify = (c: Client, sessionId: unknown) => c.send('POST', '/api/verify-subscription', { sessionId });
const apiCalls = (method: string, prefix: string) =>
  stripe.requests.filter((r) => r.method === method && r.path.startsWith(prefix));

/** Checkout → pay on the stand-in → verify: the user is a subscriber. */
async function subscribe(c: Client, plan: 'monthly' | 'annual' = 'monthly') {
  const res = await checkout(c, plan);
  expect(res.status).toBe(200);
  const { sessionId } = (await res.json()) as { sessionId: string };
  const { subscription } = stripe.completeSession(sessionId);
  expect((await verify(c, sessionId)).status).toBe(200);
  return { sessionId, subscription };
}

async function deliver(event: StandinEvent, secret = STANDIN_WEBHOOK_SECRET) {
  const res = await stripe.deliver(webhookUrl(), event, secret);
  return { status: res.status, body: (await res.json()) as { received?: boolean; outcome?: string; error?: string } };
}

describe('POST /api/create-checkout-session', () => {
  it('creates one Stripe customer per user and a session with the price, return URLs and client_reference_id', async () => {
    const c = await signUp(app, 'Checkout Carol');
    stripe.requests.length = 0;
    const res = await checkout(c, 'monthly');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; sessionId: string };
    expect(body.url).toBe(`${stripe.url}/c/pay/${body.sessionId}`);

    const [customerCall] = apiCalls('POST', '/v1/customers');
    expect(apiCalls('POST', '/v1/customers')).toHaveLength(1);
    expect(customerCall?.params).toMatchObject({ email: c.user.email, metadata: { userId: String(c.id) } });
    const customerId = [...stripe.customers.values()].find((x) => x.metadata.userId === String(c.id))?.id;
    expect(customerId).toMatch(/^cus_/);
    const [sessionCall] = apiCalls('POST', '/v1/checkout/sessions');
    expect(sessionCall?.authorized).toBe(true);
    expect(sessionCall?.params).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: String(c.id),
      line_items: [{ price: stripe.prices.monthly, quantity: '1' }],
      success_url: `${app.url}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${app.url}/subscription/cancel`,
    });

    // A second checkout (the other plan) reuses the customer.
    const again = await json<{ sessionId: string }>(checkout(c, 'annual'));
    expect(apiCalls('POST', '/v1/customers')).toHaveLength(1);
    expect(stripe.sessions.get(again.sessionId)).toMatchObject({ customer: customerId });
    expect(apiCalls('POST', '/v1/checkout/sessions')[1]?.params).toMatchObject({
      line_items: [{ price: stripe.prices.annual }],
    });
  });

  it('ends up with a single customer when two checkouts start at once', async () => {
    const c = await signUp(app, 'Double Click');
    const replies = await Promise.all([checkout(c, 'monthly'), checkout(c, 'annual')]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const sessions = await Promise.all(replies.map((r) => r.json() as Promise<{ sessionId: string }>));
    const customers = sessions.map((s) => stripe.sessions.get(s.sessionId)?.customer);
    expect(customers[0]).toMatch(/^cus_/);
    expect(customers[1]).toBe(customers[0]);
    expect([...stripe.customers.values()].filter((x) => x.metadata.userId === String(c.id))).toHaveLength(1);
  });

  it('makes a new customer when the stored one was deleted in Stripe', async () => {
    const c = await signUp(app, 'Deleted Customer');
    const first = await json<{ sessionId: string }>(checkout(c, 'monthly'));
    const oldCustomer = stripe.sessions.get(first.sessionId)!.customer!;
    stripe.deleteCustomer(oldCustomer);
    const res = await checkout(c, 'monthly');
    expect(res.status).toBe(200);
    const second = (await res.json()) as { sessionId: string };
    const newCustomer = stripe.sessions.get(second.sessionId)!.customer;
    expect(newCustomer).toMatch(/^cus_/);
    expect(newCustomer).not.toBe(oldCustomer);
    const third = await json<{ sessionId: string }>(checkout(c, 'annual'));
    expect(stripe.sessions.get(third.sessionId)!.customer).toBe(newCustomer);
  });

  it('refuses a bad plan, a signed-out caller, and says so when Stripe fails', async () => {
    const c = await signUp(app, 'Bad Plan');
    const bad = await checkout(c, 'weekly');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe("planType must be 'monthly' or 'annual'");
    const anonymous = await fetch(`${app.url}/api/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ planType: 'monthly' }),
    });
    expect(anonymous.status).toBe(401);
    stripe.failNextRequests(1);
    const down = await checkout(c, 'monthly');
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({
      error: 'PAYMENT_PROVIDER_ERROR',
      message: expect.stringMatching(/try again/),
    });
  });
});

describe('POST /api/verify-subscription', () => {
  it('refuses an unpaid session, then stores the paid one and answers with its plan', async () => {
    const c = await signUp(app, 'Verify Vera');
    const { sessionId } = await json<{ sessionId: string }>(checkout(c, 'annual'));
    const unpaid = await verify(c, sessionId);
    expect(unpaid.status).toBe(400);
    expect(await unpaid.json()).toMatchObject({ error: 'CHECKOUT_NOT_PAID' });
    expect((await subscriptionOf(c)).hasActiveSubscription).toBe(false);

    const { subscription } = stripe.completeSession(sessionId);
    const res = await verify(c, sessionId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      subscription: {
        status: 'active',
        plan: 'annual',
        currentPeriodEnd: periodEnd(subscription),
        cancelAtPeriodEnd: false,
      },
      hasActiveSubscription: true,
    });
    expect(await subscriptionOf(c)).toMatchObject({
      subscription: { status: 'active', plan: 'annual' },
      hasActiveSubscription: true,
    });
    expect(await remainingOf(c)).toMatchObject({ remainingUploads: null, hasSubscription: true, limit: null });

    // Verifying twice is harmless; a new checkout is refused while subscribed.
    expect((await verify(c, sessionId)).status).toBe(200);
    const again = await checkout(c, 'monthly');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'ALREADY_SUBSCRIBED' });
  });

  it("refuses another user's session (403), an unknown one (404) and a malformed id (400)", async () => {
    const [owner, thief] = await Promise.all([signUp(app, 'Owner Olga'), signUp(app, 'Thief Theo')]);
    const { sessionId } = await json<{ sessionId: string }>(checkout(owner, 'monthly'));
    stripe.completeSession(sessionId);
    const stolen = await verify(thief, sessionId);
    expect(stolen.status).toBe(403);
    expect(await stolen.json()).toMatchObject({ error: 'FORBIDDEN' });
    expect(await subscriptionOf(thief)).toEqual({ subscription: null, hasActiveSubscription: false });

    expect((await verify(thief, 'cs_test_doesnotexist')).status).toBe(404);
    const malformed = await verify(thief, 'not-a-session');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toMatch(/Checkout Session id/);
    expect((await verify(owner, sessionId)).status).toBe(200);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('activates on checkout.session.completed; forged, tampered and unsigned deliveries are 400', async () => {
    const c = await signUp(app, 'Hook Hanna');
    const { sessionId } = await json<{ sessionId: string }>(checkout(c, 'monthly'));
    const { session } = stripe.completeSession(sessionId);
    const event = stripe.event('checkout.session.completed', session);

    const forged = await deliver(event, 'whsec_not_the_secret');
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe('BAD_REQUEST');
    const { payload, header } = stripe.sign(event);
    const tampered = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload.replace(String(c.id), String(c.id + 1000)),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(unsigned.status).toBe(400);
    expect((await subscriptionOf(c)).hasActiveSubscription).toBe(false);

    const valid = await deliver(event);
    expect(valid).toEqual({ status: 200, body: { received: true, outcome: 'processed' } });
    expect(await subscriptionOf(c)).toMatchObject({
      subscription: { status: 'active', plan: 'monthly' },
      hasActiveSubscription: true,
    });
  });

  it('processes a redelivered event only once', async () => {
    const c = await signUp(app, 'Replay Rita');
    const { subscription } = await subscribe(c);
    stripe.renew(subscription.id);
    const renewed = periodEnd(subscription);
    const event = stripe.event('customer.subscription.updated', subscription);
    expect((await deliver(event)).body.outcome).toBe('processed');
    expect((await subscriptionOf(c)).subscription?.currentPeriodEnd).toBe(renewed);

    // Stripe's state changes, then the SAME event arrives again: it is skipped, Stripe is not even asked.
    stripe.endSubscription(subscription.id);
    const readsBefore = apiCalls('GET', `/v1/subscriptions/${subscription.id}`).length;
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(apiCalls('GET', `/v1/subscriptions/${subscription.id}`)).toHaveLength(readsBefore);
    expect(await subscriptionOf(c)).toMatchObject({
      subscription: { status: 'active', currentPeriodEnd: renewed },
      hasActiveSubscription: true,
    });
  });

  it('resolves out-of-order events by re-reading the subscription from Stripe', async () => {
    const c = await signUp(app, 'Order Otto');
    const { subscription } = await subscribe(c);
    const atCreation = structuredClone(subscription);
    stripe.renew(subscription.id);
    const updated = stripe.event('customer.subscription.updated', subscription);
    const created = stripe.event('customer.subscription.created', atCreation, { created: updated.created - 60 });
    expect((await deliver(updated)).body.outcome).toBe('processed');
    expect((await deliver(created)).body.outcome).toBe('processed'); // late, with the old period in its payload
    expect((await subscriptionOf(c)).subscription?.currentPeriodEnd).toBe(periodEnd(subscription));

    // deleted before a stale "updated" that still says active: canceled wins, because Stripe says so now.
    const staleActive = stripe.event('customer.subscription.updated', subscription);
    stripe.endSubscription(subscription.id);
    expect((await deliver(stripe.event('customer.subscription.deleted', subscription))).status).toBe(200);
    expect((await deliver(staleActive)).body.outcome).toBe('processed');
    expect(await subscriptionOf(c)).toMatchObject({
      subscription: { status: 'canceled' },
      hasActiveSubscription: false,
    });
  });

  it('renewals extend currentPeriodEnd; cancelling at period end keeps Premium until the period ends', async () => {
    const c = await signUp(app, 'Renew Rene');
    const { subscription } = await subscribe(c, 'monthly');
    const first = periodEnd(subscription);
    const { invoice } = stripe.renew(subscription.id);
    expect((await deliver(stripe.event('invoice.paid', invoice))).body.outcome).toBe('processed');
    const second = (await subscriptionOf(c)).subscription?.currentPeriodEnd;
    expect(second).toBe(periodEnd(subscription));
    const d1 = new Date(first);
    expect(new Date(second!).getTime()).toBe(
      Date.UTC(
        d1.getUTCFullYear(),
        d1.getUTCMonth() + 1,
        d1.getUTCDate(),
        d1.getUTCHours(),
        d1.getUTCMinutes(),
        d1.getUTCSeconds(),
      ),
    );

    stripe.setCancelAtPeriodEnd(subscription.id);
    await deliver(
      stripe.event('customer.subscription.updated', subscription, { previous: { cancel_at_period_end: false } }),
    );
    expect(await subscriptionOf(c)).toEqual({
      subscription: { status: 'active', plan: 'monthly', currentPeriodEnd: second, cancelAtPeriodEnd: true },
      hasActiveSubscription: true,
    });
    expect((await remainingOf(c)).remainingUploads).toBeNull();

    stripe.endSubscription(subscription.id); // the period is over
    await deliver(stripe.event('customer.subscription.deleted', subscription));
    expect(await subscriptionOf(c)).toMatchObject({
      subscription: { status: 'canceled' },
      hasActiveSubscription: false,
    });
    expect(await remainingOf(c)).toMatchObject({ remainingUploads: 1, hasSubscription: false, limit: 1 });
  });

  it('a failed renewal payment makes the subscription past_due (no Premium) until it is paid', async () => {
    const c = await signUp(app, 'Failing Fred');
    const { subscription } = await subscribe(c, 'annual');
    const { invoice } = stripe.failPayment(subscription.id);
    expect((await deliver(stripe.event('invoice.payment_failed', invoice))).body.outcome).toBe('processed');
    expect(await subscriptionOf(c)).toMatchObject({
      subscription: { status: 'past_due', plan: 'annual', currentPeriodEnd: periodEnd(subscription) },
      hasActiveSubscription: false,
    });
    expect((await remainingOf(c)).hasSubscription).toBe(false);

    const { invoice: paid } = stripe.renew(subscription.id);
    await deliver(stripe.event('invoice.paid', paid));
    expect(await subscriptionOf(c)).toMatchObject({ subscription: { status: 'active' }, hasActiveSubscription: true });
  });

  it('answers 502 when Stripe cannot be read (so Stripe retries), and processes the redelivery', async () => {
    const c = await signUp(app, 'Outage Olli');
    const { sessionId } = await json<{ sessionId: string }>(checkout(c, 'monthly'));
    const { session } = stripe.completeSession(sessionId);
    const event = stripe.event('checkout.session.completed', session);
    stripe.failNextRequests(1);
    expect(await deliver(event)).toMatchObject({ status: 502, body: { error: 'PAYMENT_PROVIDER_ERROR' } });
    expect((await subscriptionOf(c)).hasActiveSubscription).toBe(false);
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'processed' } });
    expect((await subscriptionOf(c)).hasActiveSubscription).toBe(true);
  });

  it('acknowledges events it does not act on', async () => {
    const res = await deliver(stripe.event('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
  });
});

describe('Premium', () => {
  it('gives subscribers unlimited uploads and the premium model; free users get 402 after their allowance', async () => {
    const [free, premium] = await Promise.all([signUp(app, 'Free Fiona'), signUp(app, 'Premium Pete')]);
    const screenshot = await renderScreenshot({ lines: ['Premium notes are summarised by the stronger model.'] });

    openai.requests.length = 0;
    expect((await free.upload([{ name: 'a.png', data: screenshot }])).status).toBe(200);
    const freeModels = openai.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.model);
    expect(freeModels.length).toBeGreaterThan(0);
    expect(new Set(freeModels)).toEqual(new Set(['gpt-4o-mini']));
    const blocked = await free.upload([{ name: 'b.png', data: screenshot }]);
    expect(blocked.status).toBe(402);
    expect(await blocked.json()).toMatchObject({ upgradeRequired: true });

    await subscribe(premium, 'monthly');
    openai.requests.length = 0;
    for (const name of ['one.png', 'two.png']) {
      const res = await premium.upload([{ name, data: screenshot }]);
      expect(res.status).toBe(200);
      expect(((await res.json()) as Note).userId).toBe(premium.id);
    }
    const premiumModels = openai.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.model);
    expect(new Set(premiumModels)).toEqual(new Set(['gpt-4o']));
    expect(await remainingOf(premium)).toMatchObject({ remainingUploads: null, hasSubscription: true });
  });
});

describe('without Stripe configuration', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({ STRIPE_SECRET_KEY: '', STRIPE_PRICE_MONTHLY: '', STRIPE_PRICE_ANNUAL: '' });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('answers that payments are not available (what to configure: payments-unavailable.int.test.ts)', async () => {
    const c = await signUp(bare, 'No Stripe');
    for (const res of [await checkout(c, 'monthly'), await verify(c, 'cs_test_123')]) {
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        error: 'SUBSCRIPTION_UNAVAILABLE',
        message: "Payments aren't available on this server yet.",
      });
    }
    const hook = await fetch(`${bare.url}/api/stripe/webhook`, { method: 'POST', body: '{}' });
    expect(hook.status).toBe(503);
    const cfg = await json<{ stripeEnabled: boolean }>(fetch(`${bare.url}/api/public-config`));
    expect(cfg.stripeEnabled).toBe(false);
  });
});
