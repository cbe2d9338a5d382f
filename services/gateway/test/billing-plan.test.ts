/**
 * Audit issue 12, item 13c: Premium comes only from the configured prices (STRIPE_PRICE_MONTHLY,
 * STRIPE_PRICE_ANNUAL). Any other price of the Stripe account, whatever its billing interval, is not a plan.
 */
import pino from 'pino';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@snapnotes/config';
import type { Repositories } from '@snapnotes/runtime';
import { BillingService } from '../src/billing/index.js';

const config = loadConfig({
  STRIPE_SECRET_KEY: 'sk_test_plan',
  STRIPE_WEBHOOK_SECRET: 'whsec_plan',
  STRIPE_PRICE_MONTHLY: 'price_ours_monthly',
  STRIPE_PRICE_ANNUAL: 'price_ours_annual',
});
const billing = new BillingService(new Stripe('sk_test_plan'), {
  config,
  repos: {} as Repositories,
  logger: pino({ level: 'silent' }),
});

function subscription(...items: Array<{ price: string; interval: 'month' | 'year' | 'week' }>): Stripe.Subscription {
  return {
    id: 'sub_test',
    object: 'subscription',
    items: {
      object: 'list',
      data: items.map((item, i) => ({
        id: `si_${i}`,
        object: 'subscription_item',
        current_period_end: 1_900_000_000,
        price: { id: item.price, object: 'price', recurring: { interval: item.interval, interval_count: 1 } },
      })),
    },
  } as unknown as Stripe.Subscription;
}

describe('BillingService.planOf', () => {
  it('maps the configured price ids to their plans', () => {
    expect(billing.planOf(subscription({ price: 'price_ours_monthly', interval: 'month' }))).toBe('monthly');
    expect(billing.planOf(subscription({ price: 'price_ours_annual', interval: 'year' }))).toBe('annual');
  });

  it('gives no plan for any other price, monthly or yearly', () => {
    expect(billing.planOf(subscription({ price: 'price_other_product', interval: 'month' }))).toBeNull();
    expect(billing.planOf(subscription({ price: 'price_old_annual', interval: 'year' }))).toBeNull();
    expect(billing.planOf(subscription({ price: 'price_weekly', interval: 'week' }))).toBeNull();
    expect(billing.planOf(subscription())).toBeNull();
  });

  it('finds our price among several items', () => {
    const mixed = subscription(
      { price: 'price_add_on', interval: 'month' },
      { price: 'price_ours_annual', interval: 'year' },
    );
    expect(billing.planOf(mixed)).toBe('annual');
  });
});
