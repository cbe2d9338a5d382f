import type { Kysely } from 'kysely';
import type { Database, SubscriptionRow } from '../schema.js';
import { assertId } from '../errors.js';

/** Stripe statuses that grant Premium. */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing'] as const;

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
}
