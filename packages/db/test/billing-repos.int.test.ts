import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InvalidInputError,
  StripeEventsRepo,
  SubscriptionsRepo,
  UsersRepo,
  type StripeSubscriptionState,
} from '../src/index.js';
import { makeUser, migratedDatabase, type MigratedDb } from './helpers.js';

let h: MigratedDb;
let users: UsersRepo;
let subs: SubscriptionsRepo;
let events: StripeEventsRepo;

beforeAll(async () => {
  h = await migratedDatabase();
  users = new UsersRepo(h.db);
  subs = new SubscriptionsRepo(h.db);
  events = new StripeEventsRepo(h.db);
});
afterAll(async () => {
  await h?.dispose();
});

const NOW = new Date('2025-06-01T00:00:00Z');
const state = (userId: number, over: Partial<StripeSubscriptionState> = {}): StripeSubscriptionState => ({
  userId,
  stripeSubscriptionId: 'sub_A',
  status: 'active',
  plan: 'monthly',
  currentPeriodEnd: new Date('2025-07-01T00:00:00Z'),
  cancelAtPeriodEnd: false,
  ...over,
});

describe('UsersRepo Stripe customer', () => {
  it('links one customer per user: concurrent links keep the first, replacing needs the old id', async () => {
    const u = await makeUser(users);
    const linked = await Promise.all(['cus_one', 'cus_two', 'cus_three'].map((c) => users.linkStripeCustomer(u.id, c)));
    expect(new Set(linked).size).toBe(1);
    const winner = linked[0]!;
    expect((await users.findByStripeCustomerId(winner))?.id).toBe(u.id);
    expect(await users.linkStripeCustomer(u.id, 'cus_other', 'cus_not_current')).toBe(winner);
    expect(await users.linkStripeCustomer(u.id, 'cus_new', winner)).toBe('cus_new');
    await expect(users.linkStripeCustomer(u.id, 'not-a-customer')).rejects.toBeInstanceOf(InvalidInputError);
    await expect(users.linkStripeCustomer(999_999, 'cus_x')).rejects.toThrow(/does not exist/);
  });
});

describe('SubscriptionsRepo.upsertFromStripe', () => {
  it('updates the same subscription and never lets a late, ended one replace an active one', async () => {
    const u = await makeUser(users);
    expect((await subs.upsertFromStripe(state(u.id), NOW)).applied).toBe(true);
    const renewed = await subs.upsertFromStripe(
      state(u.id, { currentPeriodEnd: new Date('2025-08-01T00:00:00Z') }),
      NOW,
    );
    expect(renewed.row.currentPeriodEnd?.toISOString()).toBe('2025-08-01T00:00:00.000Z');

    const late = await subs.upsertFromStripe(state(u.id, { stripeSubscriptionId: 'sub_OLD', status: 'canceled' }), NOW);
    expect(late.applied).toBe(false);
    expect(late.row.stripeSubscriptionId).toBe('sub_A');

    // Once sub_A has ended, a new subscription takes the row.
    await subs.upsertFromStripe(state(u.id, { status: 'canceled' }), NOW);
    const next = await subs.upsertFromStripe(state(u.id, { stripeSubscriptionId: 'sub_B', plan: 'annual' }), NOW);
    expect(next).toMatchObject({
      applied: true,
      row: { stripeSubscriptionId: 'sub_B', plan: 'annual', status: 'active' },
    });
    expect((await subs.findActiveByUser(u.id, NOW))?.stripeSubscriptionId).toBe('sub_B');
  });

  it('refuses bad input with specific errors', async () => {
    const u = await makeUser(users);
    await expect(subs.upsertFromStripe(state(u.id, { stripeSubscriptionId: 'x' }))).rejects.toThrow(/sub_/);
    await expect(subs.upsertFromStripe(state(u.id, { plan: 'weekly' as 'monthly' }))).rejects.toThrow(/plan must be/);
    await expect(subs.upsertFromStripe(state(999_999, { stripeSubscriptionId: 'sub_nouser' }))).rejects.toThrow(
      /User 999999 does not exist/,
    );
    const other = await makeUser(users);
    await subs.upsertFromStripe(state(u.id, { stripeSubscriptionId: 'sub_owned' }));
    await expect(subs.upsertFromStripe(state(other.id, { stripeSubscriptionId: 'sub_owned' }))).rejects.toThrow(
      /already belongs to another user/,
    );
  });
});

describe('SubscriptionsRepo.syncLocked', () => {
  it('serialises syncs of one subscription so an older read never lands after a newer one', async () => {
    const u = await makeUser(users);
    const order: string[] = [];
    let releaseFirst!: () => void;
    const firstMayFinish = new Promise<void>((r) => (releaseFirst = r));
    const first = subs.syncLocked('sub_LOCK', async () => {
      order.push('first read');
      await firstMayFinish;
      return state(u.id, { stripeSubscriptionId: 'sub_LOCK', status: 'past_due' });
    });
    await new Promise((r) => setTimeout(r, 50));
    const second = subs.syncLocked('sub_LOCK', async () => {
      order.push('second read');
      return state(u.id, { stripeSubscriptionId: 'sub_LOCK', status: 'active' });
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(order).toEqual(['first read']); // the second waits for the lock
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first read', 'second read']);
    expect((await subs.findByUser(u.id))?.status).toBe('active');
    expect(await subs.syncLocked('sub_NONE', async () => null)).toBeNull();
  });
});

describe('StripeEventsRepo', () => {
  it('records an event once and can forget it for a retry', async () => {
    expect(await events.recordOnce('evt_1', 'invoice.paid')).toBe(true);
    expect(await events.recordOnce('evt_1', 'invoice.paid')).toBe(false);
    await events.forget('evt_1');
    expect(await events.recordOnce('evt_1', 'invoice.paid')).toBe(true);
  });
});
