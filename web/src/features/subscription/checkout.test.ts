import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type Reply, type TestServer } from '../../test/http-server.js';
import { setApiBaseUrl } from '../../lib/api-client.js';
import { createCheckoutSession } from './checkout.js';

let server: TestServer;
let reply: Reply;

beforeAll(async () => {
  server = await startTestServer(() => reply);
  setApiBaseUrl(server.url);
});
afterAll(async () => {
  await server.close();
  setApiBaseUrl('');
});
beforeEach(() => {
  server.requests.length = 0;
});

describe('createCheckoutSession', () => {
  it('posts the plan type and returns the checkout URL', async () => {
    reply = { body: { url: 'https://checkout.stripe.com/c/pay/cs_test_123' } };
    await expect(createCheckoutSession('annual')).resolves.toEqual({
      kind: 'redirect',
      url: 'https://checkout.stripe.com/c/pay/cs_test_123',
    });
    expect(server.requests[0]?.path).toBe('/api/create-checkout-session');
    expect(JSON.parse(server.requests[0]?.text ?? '')).toEqual({ planType: 'annual' });
  });

  it('recognises "service unavailable" whether it comes as an error or as a message', async () => {
    reply = {
      status: 503,
      body: { error: 'SUBSCRIPTION_UNAVAILABLE', message: "Payments aren't available on this server yet." },
    };
    expect((await createCheckoutSession('monthly')).kind).toBe('unavailable');
    // By its error value, whatever the message says.
    reply = { status: 503, body: { error: 'SUBSCRIPTION_UNAVAILABLE', message: 'Something else' } };
    expect((await createCheckoutSession('monthly')).kind).toBe('unavailable');
    // An older server's words.
    reply = {
      status: 503,
      body: { error: 'SUBSCRIPTION_UNAVAILABLE', message: 'Subscription service is currently unavailable' },
    };
    expect((await createCheckoutSession('monthly')).kind).toBe('unavailable');
    reply = { body: { message: 'Subscription service is currently unavailable' } };
    expect((await createCheckoutSession('monthly')).kind).toBe('unavailable');
  });

  it('shows the server message of a non-ok reply, or "Failed to create checkout session"', async () => {
    reply = { status: 400, body: { error: 'BAD_REQUEST', message: 'You already have an active subscription' } };
    await expect(createCheckoutSession('monthly')).resolves.toEqual({
      kind: 'error',
      message: 'You already have an active subscription',
    });
    reply = { status: 500, body: '' };
    await expect(createCheckoutSession('monthly')).resolves.toEqual({
      kind: 'error',
      message: 'Failed to create checkout session',
    });
  });

  it('reports an unparseable reply and a reply without a URL', async () => {
    reply = { body: 'not json at all' };
    await expect(createCheckoutSession('annual')).resolves.toEqual({
      kind: 'error',
      message: 'Invalid response format from server',
    });
    reply = { body: { sessionId: 'cs_1' } };
    await expect(createCheckoutSession('annual')).resolves.toEqual({
      kind: 'error',
      message: 'No checkout URL returned',
    });
  });
});
