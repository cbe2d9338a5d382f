import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addInterval, STANDIN_WEBHOOK_SECRET, startStripeStandin, type StripeStandin } from '../src/stripe-standin.js';

let standin: StripeStandin;
let stripe: Stripe;

beforeAll(async () => {
  standin = await startStripeStandin();
  stripe = standin.client();
});
afterAll(async () => {
  await standin.close();
});

async function newSession(customer?: string) {
  const c = customer ?? (await stripe.customers.create({ email: 'a@example.com', metadata: { userId: '1' } })).id;
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: c,
    client_reference_id: '1',
    line_items: [{ price: standin.prices.annual, quantity: 1 }],
    success_url: 'http://127.0.0.1:1/subscription/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:1/subscription/cancel',
    subscription_data: { metadata: { userId: '1' } },
  });
}

describe('Stripe stand-in through the stripe SDK', () => {
  it('creates customers and checkout sessions, and expands the subscription once paid', async () => {
    const session = await newSession();
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
    });
    expect(session.url).toBe(`${standin.url}/c/pay/${session.id}`);
    const { subscription } = standin.completeSession(session.id);
    const read = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(read.payment_status).toBe('paid');
    const sub = read.subscription as Stripe.Subscription;
    expect(sub.id).toBe(subscription.id);
    expect(sub.metadata).toEqual({ userId: '1' });
    const item = sub.items.data[0]!;
    expect(item.price.id).toBe(standin.prices.annual);
    expect(item.current_period_end).toBe(addInterval(item.current_period_start, 'year'));
    expect('current_period_end' in sub).toBe(false); // API 2025-03-31+: only on the item
  });

  it("answers with Stripe's errors, which the SDK turns into its error classes", async () => {
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
    await expect(newSession('cus_nobody')).rejects.toMatchObject({ code: 'resource_missing', param: 'customer' });
    await expect(
      stripe.customers.create({ email: 'x@example.com', phone: '123' } as Stripe.CustomerCreateParams),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'phone' });
    const wrongKey = new Stripe('sk_test_wrong', {
      host: standin.host,
      port: standin.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(wrongKey.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    standin.failNextRequests(1);
    await expect(stripe.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
  });

  it('replays the reply to a repeated idempotency key', async () => {
    const a = await stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey: 'k-1' });
    const b = await stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey: 'k-1' });
    expect(b.id).toBe(a.id);
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'k-1' }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });

  it('drives renewals, cancellation and failed payments the way Stripe reports them', async () => {
    const { subscription } = standin.completeSession((await newSession()).id);
    const end = subscription.items.data[0]!.current_period_end;
    const { invoice } = standin.renew(subscription.id);
    expect(invoice.parent.subscription_details.subscription).toBe(subscription.id);
    expect(subscription.items.data[0]!.current_period_end).toBe(addInterval(end, 'year'));
    expect(standin.setCancelAtPeriodEnd(subscription.id)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
    expect(standin.failPayment(subscription.id).subscription.status).toBe('past_due');
    expect(standin.endSubscription(subscription.id).status).toBe('canceled');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
  });

  it('signs events that constructEvent accepts, and only with the right secret', async () => {
    const event = standin.event('customer.subscription.updated', { id: 'sub_1', object: 'subscription' });
    const { payload, header } = standin.sign(event);
    expect(stripe.webhooks.constructEvent(payload, header, STANDIN_WEBHOOK_SECRET).id).toBe(event.id);
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('serves a hosted checkout page whose Pay button completes the session and returns to the success URL', async () => {
    const session = await newSession();
    const page = await fetch(session.url!);
    expect(await page.text()).toContain('Pay and subscribe');
    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:1/subscription/success?session_id=${session.id}`);
    expect(standin.sessions.get(session.id)).toMatchObject({ status: 'complete', payment_status: 'paid' });
  });
});
