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

describe('SubscriptionsRepo.storeFromStripe', () => {
  it('keeps the read that started last, whatever order the writes come in', async () => {
    const u = await makeUser(users);
    const sub = (over: Partial<StripeSubscriptionState>) => state(u.id, { stripeSubscriptionId: 'sub_ORDER', ...over });
    const older = await subs.readStamp();
    const newer = await subs.readStamp();
    expect(newer.getTime()).toBeGreaterThanOrEqual(older.getTime());
    // The newer read (canceled) lands first; the older one (still active) lands late and changes nothing.
    expect((await subs.storeFromStripe(sub({ status: 'canceled' }), newer)).applied).toBe(true);
    const late = await subs.storeFromStripe(sub({ status: 'active' }), new Date(older.getTime() - 1));
    expect(late).toMatchObject({ applied: false, row: { status: 'canceled' } });
    expect((await subs.findByUser(u.id))?.updatedAt.getTime()).toBe(newer.getTime());
    // A later read is stored.
    const again = await subs.storeFromStripe(sub({ status: 'active' }), await subs.readStamp());
    expect(again).toMatchObject({ applied: true, row: { status: 'active' } });
    await expect(subs.storeFromStripe(sub({}), new Date(Number.NaN))).rejects.toThrow(/readStartedAt/);
  });

  it('lets a stale read of an old subscription replace a newer one only when that one no longer grants Premium', async () => {
    const u = await makeUser(users);
    const stale = new Date(Date.now() - 60_000);
    const current = (id: string, over: Partial<StripeSubscriptionState> = {}) =>
      state(u.id, { stripeSubscriptionId: id, currentPeriodEnd: new Date(Date.now() + 86_400_000), ...over });
    await subs.storeFromStripe(current('sub_NEW'), await subs.readStamp());
    // sub_OLD read (as still active) before sub_NEW was: it does not replace the active sub_NEW.
    const old = await subs.storeFromStripe(current('sub_OLD'), stale);
    expect(old).toMatchObject({ applied: false, row: { stripeSubscriptionId: 'sub_NEW' } });
    // Once sub_NEW has ended, an active subscription takes the row whatever its stamp.
    await subs.storeFromStripe(current('sub_NEW', { status: 'canceled' }), await subs.readStamp());
    const back = await subs.storeFromStripe(current('sub_OLD'), stale);
    expect(back).toMatchObject({ applied: true, row: { stripeSubscriptionId: 'sub_OLD', status: 'active' } });
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
