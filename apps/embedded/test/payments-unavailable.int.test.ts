/**
 * Issue 23 item 6: subscribing on a server without Stripe. The person trying to subscribe reads a sentence meant for
 * them ("Payments aren't available on this server yet."), never which keys or price ids are missing; the server's
 * log says what an operator must configure, once per refused call.
 *
 * The real product over HTTP (PostgreSQL, S3, the Auth emulator), its own logger writing into this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from './harness.js';

let app: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  app = await startTestApp(
    { LOG_LEVEL: 'info', STRIPE_SECRET_KEY: '', STRIPE_PRICE_MONTHLY: '', STRIPE_PRICE_ANNUAL: '' },
    { logLines },
  );
}, 180_000);

afterAll(async () => {
  await app?.close();
});

const entries = () => logLines.map((line) => JSON.parse(line) as { level: number; msg?: string; route?: string });

describe('subscribing without Stripe configured', () => {
  it("tells the user that payments aren't available, and the operator what to configure", async () => {
    const client = await signUp(app, 'Paying Pat');
    const before = logLines.length;
    const checkout = await client.send('POST', '/api/create-checkout-session', { planType: 'annual' });
    const verify = await client.send('POST', '/api/verify-subscription', { sessionId: 'cs_test_123' });
    for (const res of [checkout, verify]) {
      expect(res.status).toBe(503);
      const body = (await res.json()) as { error: string; message: string };
      expect(body).toEqual({
        error: 'SUBSCRIPTION_UNAVAILABLE',
        message: "Payments aren't available on this server yet.",
      });
      // Nothing for a developer in what the user reads.
      expect(body.message).not.toMatch(/stripe|api key|price id|configur/i);
    }
    await expect.poll(() => logLines.length - before).toBeGreaterThanOrEqual(2);
    const explained = entries()
      .slice(before)
      .filter((e) => e.msg?.startsWith('Payments are not configured'));
    expect(explained.map((e) => e.route)).toEqual(['/api/create-checkout-session', '/api/verify-subscription']);
    expect(explained[0]?.msg).toMatch(/STRIPE_SECRET_KEY, STRIPE_PRICE_MONTHLY and STRIPE_PRICE_ANNUAL/);
    expect(explained.every((e) => e.level === 40)).toBe(true); // warn
  });
});
