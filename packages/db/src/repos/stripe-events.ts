import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export class StripeEventsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records a webhook event id; false when it was already recorded (a redelivery to skip). */
  async recordOnce(id: string, type: string): Promise<boolean> {
    const row = await this.db
      .insertInto('stripeEvents')
      .values({ id, type })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Forgets an event whose processing failed, so Stripe's redelivery is processed. */
  async forget(id: string): Promise<void> {
    await this.db.deleteFrom('stripeEvents').where('id', '=', id).execute();
  }
}
