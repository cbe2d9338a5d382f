import { sql, type Kysely } from 'kysely';
import type { Database, SubscriptionPlan, SubscriptionRow } from '../schema.js';
import { SUBSCRIPTION_PLANS } from '../schema.js';
import { assertId, InvalidInputError, pgCode } from '../errors.js';

/** Stripe statuses that grant Premium. */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing'] as const;

/** A subscription as read from Stripe, mapped to our user and plan. */
export interface StripeSubscriptionState {
  userId: number;
  stripeSubscriptionId: string;
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
  status: string;
  plan: SubscriptionPlan;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface UpsertSubscriptionResult {
  /** The user's row after the call. */
  row: SubscriptionRow;
  /**
   * False when the row was kept: it is another subscription that still grants Premium, or (storeFromStripe) it was
   * stored from a read of Stripe that started later than this one.
   */
  applied: boolean;
}

export class SubscriptionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's subscription if it is active or trialing and its period has not ended (or has no end). */
  async findActiveByUser(userId: number, now: Date): Promise<SubscriptionRow | undefined> {
    assertId(userId, 'User id');
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('userId', '=', userId)
      .where('status', 'in', ACTIVE_SUBSCRIPTION_STATUSES)
      .where((eb) => eb.or([eb('currentPeriodEnd', 'is', null), eb('currentPeriodEnd', '>', now)]))
      .executeTakeFirst();
  }

  /** The user's subscription in whatever status. */
  async findByUser(userId: number): Promise<SubscriptionRow | undefined> {
    assertId(userId, 'User id');
    return this.db.selectFrom('subscriptions').selectAll().where('userId', '=', userId).executeTakeFirst();
  }

  async findByStripeId(stripeSubscriptionId: string): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('stripeSubscriptionId', '=', stripeSubscriptionId)
      .executeTakeFirst();
  }

  /**
   * Stores the state Stripe reports for a subscription. A user has one row: a different subscription replaces it
   * unless the stored one still grants Premium and the incoming one does not (a late event about an old,
   * cancelled subscription must not end a newer one).
   */
  async upsertFromStripe(state: StripeSubscriptionState, now = new Date()): Promise<UpsertSubscriptionResult> {
    return upsert(this.db, state, now);
  }

  /**
   * The database's clock, read just before a read of Stripe starts: the stamp `storeFromStripe` orders reads by.
   * One clock for every gateway replica (their own clocks may disagree). Holds no connection afterwards.
   */
  async readStamp(): Promise<Date> {
    const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(this.db);
    const now = rows[0]?.now;
    if (!(now instanceof Date)) throw new Error('clock_timestamp() returned no time');
    return now;
  }

  /**
   * Stores a state read from Stripe OUTSIDE any transaction (no connection is held while Stripe answers), stamped
   * with `readStartedAt` (`readStamp()` taken before the read began). One statement, so it needs no lock: Postgres
   * orders writers of one row, and each one's condition is checked against the row as the one before left it.
   *
   * - The same subscription: stored only if the stored row comes from a read that started no later than this one
   *   (`updated_at`, which holds that stamp). Whatever order syncs finish in, the row ends up with the read that
   *   started LAST, and that read saw every change Stripe had made before it started: the state Stripe reports now.
   * - Another subscription: as `upsertFromStripe`, except that when both grant Premium the later read wins (a stale
   *   read of an old subscription cannot replace the new one).
   */
  async storeFromStripe(
    state: StripeSubscriptionState,
    readStartedAt: Date,
    now = new Date(),
  ): Promise<UpsertSubscriptionResult> {
    if (!(readStartedAt instanceof Date) || Number.isNaN(readStartedAt.getTime())) {
      throw new InvalidInputError('readStartedAt must be a valid Date');
    }
    return upsert(this.db, state, now, readStartedAt);
  }
}

function assertStripeSubscriptionId(id: string): void {
  if (typeof id !== 'string' || !/^sub_[A-Za-z0-9_]+$/.test(id)) {
    throw new InvalidInputError(
      `stripeSubscriptionId must be a Stripe subscription id (sub_…), got ${JSON.stringify(id)}`,
    );
  }
}

async function upsert(
  db: Kysely<Database>,
  state: StripeSubscriptionState,
  now: Date,
  readStartedAt?: Date,
): Promise<UpsertSubscriptionResult> {
  assertId(state.userId, 'User id');
  assertStripeSubscriptionId(state.stripeSubscriptionId);
  if (!SUBSCRIPTION_PLANS.includes(state.plan)) {
    throw new InvalidInputError(`plan must be 'monthly' or 'annual' (got ${JSON.stringify(state.plan)})`);
  }
  if (!state.status) throw new InvalidInputError('status must not be empty');
  if (state.currentPeriodEnd !== null && Number.isNaN(state.currentPeriodEnd.getTime())) {
    throw new InvalidInputError('currentPeriodEnd must be a valid Date or null');
  }
  const values = {
    userId: state.userId,
    stripeSubscriptionId: state.stripeSubscriptionId,
    status: state.status,
    plan: state.plan,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    // With a read stamp, updated_at is the start of the read the row shows (what later syncs compare against).
    updatedAt: readStartedAt ?? now,
  };
  try {
    const row = await db
      .insertInto('subscriptions')
      .values(values)
      .onConflict((oc) =>
        oc
          .column('userId')
          .doUpdateSet(values)
          .where((eb) => {
            const sameSubscription = eb('subscriptions.stripeSubscriptionId', '=', state.stripeSubscriptionId);
            const notOlder = readStartedAt ? eb('subscriptions.updatedAt', '<=', readStartedAt) : eb.val(true);
            return eb.or([
              eb.and([sameSubscription, notOlder]),
              eb.and([
                eb.not(sameSubscription),
                eb.or([
                  // The stored subscription no longer grants Premium…
                  eb('subscriptions.status', 'not in', ACTIVE_SUBSCRIPTION_STATUSES),
                  eb('subscriptions.currentPeriodEnd', '<=', now),
                  // …or both do, and this read is not the older one.
                  eb.and([eb.val(isActive(state, now)), notOlder]),
                ]),
              ]),
            ]);
          }),
      )
      .returningAll()
      .executeTakeFirst();
    if (row) return { row, applied: true };
  } catch (err) {
    if (pgCode(err) === '23503') throw new InvalidInputError(`User ${state.userId} does not exist`);
    if (pgCode(err) === '23505') {
      throw new InvalidInputError(`Subscription ${state.stripeSubscriptionId} already belongs to another user`);
    }
    throw err;
  }
  const kept = await db.selectFrom('subscriptions').selectAll().where('userId', '=', state.userId).executeTakeFirst();
  if (!kept) throw new Error(`subscription row of user ${state.userId} vanished during upsert`);
  return { row: kept, applied: false };
}

function isActive(state: StripeSubscriptionState, now: Date): boolean {
  return (
    (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(state.status) &&
    (state.currentPeriodEnd === null || state.currentPeriodEnd > now)
  );
}
