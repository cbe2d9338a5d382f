/**
 * Audit issue 12: payments need the webhook secret in production (item 8), and the database timeouts have sane,
 * configurable defaults (item 7).
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/index.js';

const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PRICE_MONTHLY: 'price_m', STRIPE_PRICE_ANNUAL: 'price_a' };
/** Production's other requirements, met. */
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://snapnotes.example.com',
  USAGE_KEY_SECRET: 'a-usage-key-secret-of-at-least-32-characters',
};

describe('STRIPE_WEBHOOK_SECRET', () => {
  it('is required in production when a Stripe key is set, with a message that says why and what to do', () => {
    const load = () => loadConfig({ ...production, ...stripe });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET/);
    expect(load).toThrow(/renewals/);
    expect(load).toThrow(/\/api\/stripe\/webhook/);
    // A key alone (payments not fully configured) is refused as well: the secret goes with the key.
    expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(ConfigError);
  });

  it('with the secret, production starts with payments on and no warning', () => {
    const c = loadConfig({ ...production, ...stripe, STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(c.stripeEnabled).toBe(true);
    expect(c.warnings.join('\n')).not.toMatch(/STRIPE_WEBHOOK_SECRET/);
  });

  it('outside production, a missing secret is a warning only', () => {
    for (const NODE_ENV of ['development', 'test', '']) {
      const c = loadConfig({ NODE_ENV, ...stripe });
      expect(c.stripeEnabled).toBe(true);
      expect(c.warnings.join('\n')).toMatch(/without STRIPE_WEBHOOK_SECRET/);
    }
  });

  it('without a Stripe key nothing is required and nothing is said', () => {
    const c = loadConfig(production);
    expect(c.stripeEnabled).toBe(false);
    expect(c.warnings.join('\n')).not.toMatch(/STRIPE/);
  });
});

describe('database timeouts', () => {
  it('default to 5 s for a connection, 30 s for a statement and 30 s idle in a transaction', () => {
    expect(loadConfig({})).toMatchObject({
      DATABASE_CONNECTION_TIMEOUT_MS: 5000,
      DATABASE_STATEMENT_TIMEOUT_MS: 30_000,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 30_000,
    });
  });

  it('are configurable, 0 turns one off, and a bad value is refused', () => {
    expect(
      loadConfig({
        DATABASE_CONNECTION_TIMEOUT_MS: '2000',
        DATABASE_STATEMENT_TIMEOUT_MS: '0',
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '60000',
      }),
    ).toMatchObject({
      DATABASE_CONNECTION_TIMEOUT_MS: 2000,
      DATABASE_STATEMENT_TIMEOUT_MS: 0,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 60_000,
    });
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ DATABASE_CONNECTION_TIMEOUT_MS: 'soon' })).toThrow(/DATABASE_CONNECTION_TIMEOUT_MS/);
  });
});
