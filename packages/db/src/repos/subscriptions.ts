import { sql, type Kysely } from 'kysely';
import type { Database, SubscriptionPlan, SubscriptionRow } from '../schema.js';
import { SUBSCRIPTION_PLANS } from '../schema.js';
import { assertId, InvalidInputError, pgCode } from '../errors.js';

/** Stripe statuses that grant Premium. */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing'] as const;

/** Namespace (first key) of the advisory lock that serialises syncs of one Stripe subscription. */
const SYNC_LOCK_NAMESPACE = 0x534e5342; // 'SNSB'

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
  /** False when the row was kept because it is another subscription that still grants Premium. */
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
   * Serialises syncs of one Stripe subscription across processes: takes a transaction-scoped advisory lock,
   * calls `read` (which fetches the current state from Stripe), and stores what it returns. Two syncs that
   * interleave can therefore never store an older read over a newer one. `read` returning null stores nothing.
   */
  async syncLocked(
    stripeSubscriptionId: string,
    read: () => Promise<StripeSubscriptionState | null>,
    now: () => Date = () => new Date(),
  ): Promise<UpsertSubscriptionResult | null> {
    assertStripeSubscriptionId(stripeSubscriptionId);
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${SYNC_LOCK_NAMESPACE}::int, hashtext(${stripeSubscriptionId}))`.execute(
        trx,
      );
      const state = await read();
      if (!state) return null;
      if (state.stripeSubscriptionId !== stripeSubscriptionId) {
        throw new InvalidInputError(
          `read() returned subscription ${state.stripeSubscriptionId} while syncing ${stripeSubscriptionId}`,
        );
      }
      return upsert(trx, state, now());
    });
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
  };
  try {
    const row = await db
      .insertInto('subscriptions')
      .values(values)
      .onConflict((oc) =>
        oc
          .column('userId')
          .doUpdateSet({ ...values, updatedAt: now })
          .where((eb) =>
            eb.or([
              eb('subscriptions.stripeSubscriptionId', '=', state.stripeSubscriptionId),
              eb('subscriptions.status', 'not in', ACTIVE_SUBSCRIPTION_STATUSES),
              eb('subscriptions.currentPeriodEnd', '<=', now),
              eb.val(isActive(state, now)),
            ]),
          ),
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
