import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../schema.js';
import { assertId, InvalidInputError } from '../errors.js';

export interface UpsertUserInput {
  firebaseUid: string;
  email: string;
  displayName: string;
  photoURL: string;
  username: string;
}

export class UsersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts the user, or updates the profile fields of the existing one; returns the row either way. */
  async upsertByFirebaseUid(input: UpsertUserInput): Promise<UserRow> {
    const firebaseUid = input.firebaseUid?.trim() ?? '';
    if (firebaseUid.length === 0 || firebaseUid.length > 128) {
      throw new InvalidInputError('firebaseUid must be 1 to 128 characters');
    }
    const profile = {
      email: input.email ?? '',
      username: input.username ?? '',
      displayName: input.displayName ?? '',
      photoUrl: input.photoURL ?? '',
    };
    return this.db
      .insertInto('users')
      .values({ firebaseUid, ...profile })
      .onConflict((oc) => oc.column('firebaseUid').doUpdateSet({ ...profile, updatedAt: new Date() }))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async findByFirebaseUid(firebaseUid: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('firebaseUid', '=', firebaseUid).executeTakeFirst();
  }

  async findById(id: number): Promise<UserRow | undefined> {
    assertId(id, 'User id');
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The user whose Stripe customer this is (one customer per user). */
  async findByStripeCustomerId(customerId: string): Promise<UserRow | undefined> {
    if (!customerId) return undefined;
    return this.db.selectFrom('users').selectAll().where('stripeCustomerId', '=', customerId).executeTakeFirst();
  }

  /**
   * Links a Stripe customer to the user unless one is linked already (`replacing` names the only id that may be
   * overwritten, e.g. a customer deleted in Stripe). Returns the customer id linked after the call: the given
   * one, or the one a concurrent call linked first, so every caller ends up using the same customer.
   */
  async linkStripeCustomer(userId: number, customerId: string, replacing: string | null = null): Promise<string> {
    assertId(userId, 'User id');
    if (!/^cus_[A-Za-z0-9_]+$/.test(customerId)) {
      throw new InvalidInputError(`customerId must be a Stripe customer id (cus_…), got ${JSON.stringify(customerId)}`);
    }
    const updated = await this.db
      .updateTable('users')
      .set({ stripeCustomerId: customerId, updatedAt: new Date() })
      .where('id', '=', userId)
      .where((eb) => (replacing === null ? eb('stripeCustomerId', 'is', null) : eb('stripeCustomerId', '=', replacing)))
      .returning('stripeCustomerId')
      .executeTakeFirst();
    if (updated?.stripeCustomerId) return updated.stripeCustomerId;
    const current = await this.db
      .selectFrom('users')
      .select('stripeCustomerId')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!current) throw new InvalidInputError(`User ${userId} does not exist`);
    if (!current.stripeCustomerId) throw new Error(`could not link Stripe customer to user ${userId}`);
    return current.stripeCustomerId;
  }

  /** Deletes the user; uploads, notes and subscription go with it (cascade), feedback keeps no link. */
  async deleteById(id: number): Promise<boolean> {
    assertId(id, 'User id');
    const res = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return res.numDeletedRows > 0n;
  }
}
