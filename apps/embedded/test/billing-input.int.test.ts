/**
 * Issue 22, items 8 and 13: what reaches billing from outside the server's own records.
 *
 * - Item 8: a correctly signed Stripe event whose `data.object` is missing or of the wrong shape never becomes valid,
 *   so it is acknowledged (200, outcome `malformed`, one error line naming the event and the problem) instead of a
 *   500 that Stripe would redeliver for days. Stripe is not asked, nothing is recorded, later events still work.
 * - Item 13: POST /api/user takes the email from the verified token only; a body's email never reaches the user
 *   record nor the Stripe customer.
 *
 * The real product over HTTP (PostgreSQL, S3, the Auth emulator) with the Stripe SDK talking to the Stripe stand-in,
 * and the product's own logger writing into this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEmulatorHost } from '@snapnotes/testing/firebase';
import { STANDIN_WEBHOOK_SECRET, startStripeStandin, type StripeStandin } from '@snapnotes/testing/stripe-standin';
import { signUp, startTestApp, type TestApp } from './harness.js';

let stripe: StripeStandin;
let app: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  stripe = await startStripeStandin();
  app = await startTestApp(
    {
      LOG_LEVEL: 'info',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: STANDIN_WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: stripe.prices.monthly,
      STRIPE_PRICE_ANNUAL: stripe.prices.annual,
      STRIPE_API_BASE: stripe.url,
    },
    { logLines },
  );
}, 180_000);

afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const webhookUrl = () => `${app.url}/api/stripe/webhook`;

/** POSTs `payload` (any JSON, or none of an event's usual fields) signed with the webhook secret, as Stripe would. */
async function deliverSigned(payload: unknown) {
  const { payload: body, header } = stripe.sign(JSON.stringify(payload));
  const res = await fetch(webhookUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const logged = (eventId: string) =>
  logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.eventId === eventId);

describe('POST /api/stripe/webhook with a signed but malformed event (issue 22, item 8)', () => {
  const base = (id: string, type: string) => ({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    api_version: '2025-03-31.basil',
    livemode: false,
  });
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['no data at all', base('evt_nodata1', 'checkout.session.completed'), /data/],
    ['data without object', { ...base('evt_noobject1', 'invoice.paid'), data: {} }, /data\.object/],
    ['a null object', { ...base('evt_nullobject1', 'checkout.session.completed'), data: { object: null } }, /object/],
    [
      'a string for an object',
      { ...base('evt_stringobj1', 'invoice.payment_failed'), data: { object: 'in_1' } },
      /object/,
    ],
    [
      'a subscription whose id is a number',
      { ...base('evt_numid1', 'customer.subscription.updated'), data: { object: { id: 42, object: 'subscription' } } },
      /id/,
    ],
    [
      'a subscription without an id',
      { ...base('evt_missingid1', 'customer.subscription.deleted'), data: { object: { object: 'subscription' } } },
      /id/,
    ],
    [
      'a session whose subscription is an object without an id',
      {
        ...base('evt_badsession1', 'checkout.session.completed'),
        data: { object: { object: 'checkout.session', mode: 'subscription', subscription: { plan: 'x' } } },
      },
      /subscription/,
    ],
    [
      'an invoice whose parent names a subscription that is not an id',
      {
        ...base('evt_badinvoice1', 'invoice.paid'),
        data: { object: { object: 'invoice', parent: { subscription_details: { subscription: ['sub_1'] } } } },
      },
      /subscription/,
    ],
  ];

  it.each(cases)('acknowledges %s with a logged 200 (never a 5xx), asks Stripe nothing', async (_name, event, why) => {
    const stripeCalls = stripe.requests.length;
    const first = await deliverSigned(event);
    expect(first).toEqual({ status: 200, body: { received: true, outcome: 'malformed' } });
    // Stripe's redelivery gets the same answer: it will never become valid.
    expect(await deliverSigned(event)).toEqual(first);
    expect(stripe.requests).toHaveLength(stripeCalls);

    const lines = logged(String(event.id));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      expect(line.level).toBe(50); // error: a signed event we cannot read needs an operator's eye
      expect(line.eventType).toBe(event.type);
      expect(String(line.problem)).toMatch(why);
      expect(line.msg).toMatch(/malformed stripe event acknowledged/);
    }
  });

  it('a signed event with no id or type is acknowledged too', async () => {
    expect(await deliverSigned({ object: 'event', data: { object: { id: 'sub_x' } } })).toEqual({
      status: 200,
      body: { received: true, outcome: 'malformed' },
    });
    expect(await deliverSigned([1, 2, 3])).toEqual({ status: 200, body: { received: true, outcome: 'malformed' } });
  });

  it('still answers 400 to a bad signature, and processes a well-formed event afterwards', async () => {
    const forged = await stripe.deliver(
      webhookUrl(),
      stripe.event('invoice.paid', { object: 'invoice' }),
      'whsec_forged',
    );
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: 'BAD_REQUEST', message: 'Invalid Stripe signature.' });
    const ignored = await stripe.deliver(webhookUrl(), stripe.event('customer.created', { id: 'cus_x' }));
    expect(await ignored.json()).toEqual({ received: true, outcome: 'ignored' });
    // A session that is not a subscription checkout names no subscription: acknowledged as before.
    const oneOff = stripe.event('checkout.session.completed', { object: 'checkout.session', mode: 'payment' });
    expect(await (await stripe.deliver(webhookUrl(), oneOff)).json()).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe('POST /api/user email (issue 22, item 13)', () => {
  /** An account whose ID token carries no email (the emulator's anonymous sign-up). */
  async function signUpWithoutEmail(): Promise<string> {
    const res = await fetch(`http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ returnSecureToken: true }),
    });
    if (!res.ok) throw new Error(`emulator sign-up failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { idToken: string }).idToken;
  }

  it("never takes the body's email: not for the user record, not for the Stripe customer", async () => {
    const token = await signUpWithoutEmail();
    const send = (method: string, path: string, body: unknown) =>
      fetch(app.url + path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const res = await send('POST', '/api/user', {
      firebaseUid: '',
      email: 'victim@example.com',
      displayName: 'Mallory',
      photoURL: '',
    });
    expect(res.status).toBe(200);
    const record = (await res.json()) as Record<string, unknown>;
    // SPEC §7: the user record, with the fields it always has; the email is the token's (none).
    expect(Object.keys(record)).toEqual(
      expect.arrayContaining(['id', 'firebaseUid', 'email', 'username', 'displayName', 'photoURL']),
    );
    expect(record.email).toBe('');
    expect(record.username).toBe('mallory');
    expect(record.displayName).toBe('Mallory');

    const checkout = await send('POST', '/api/create-checkout-session', { planType: 'monthly' });
    expect(checkout.status).toBe(200);
    const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers');
    const mine = created.filter((r) => (r.params.metadata as Record<string, string>).userId === String(record.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.params.email).toBeUndefined();
    expect(JSON.stringify([...stripe.customers.values()])).not.toContain('victim@example.com');
  });

  it('keeps the token’s email when the body names another one', async () => {
    const c = await signUp(app, 'Token Tara');
    const res = await c.send('POST', '/api/user', { email: 'someone-else@example.com' });
    expect(((await res.json()) as { email: string }).email).toBe(c.user.email);
  });
});
