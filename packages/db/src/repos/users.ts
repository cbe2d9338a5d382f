import type { Kysely } from 'kysely';
import { MAX_OCR_LANGUAGES, MIN_OCR_LANGUAGES, OCR_LANGUAGE_CODE } from '@snapnotes/contracts';
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

  /**
   * The OCR languages the user chose, in their order; null when they chose none (the server's defaults apply),
   * undefined when there is no such user.
   */
  async getOcrLanguages(userId: number): Promise<string[] | null | undefined> {
    assertId(userId, 'User id');
    const row = await this.db.selectFrom('users').select('ocrLanguages').where('id', '=', userId).executeTakeFirst();
    return row ? row.ocrLanguages : undefined;
  }

  /**
   * Stores the user's OCR languages (1–3 tesseract codes, duplicates dropped, order kept), or null to go back to
   * the server's defaults. Whether the server offers each code is the caller's check (it is configuration).
   * Returns the updated row, or undefined when there is no such user.
   */
  async updateOcrLanguages(userId: number, languages: readonly string[] | null): Promise<UserRow | undefined> {
    assertId(userId, 'User id');
    let value: string[] | null = null;
    if (languages !== null) {
      value = [...new Set(languages)];
      if (value.length < MIN_OCR_LANGUAGES || value.length > MAX_OCR_LANGUAGES) {
        throw new InvalidInputError(
          `ocrLanguages must hold ${MIN_OCR_LANGUAGES} to ${MAX_OCR_LANGUAGES} languages, got ${value.length}`,
        );
      }
      const bad = value.find((code) => !OCR_LANGUAGE_CODE.test(code));
      if (bad !== undefined) throw new InvalidInputError(`${JSON.stringify(bad)} is not a tesseract language code`);
    }
    return this.db
      .updateTable('users')
      .set({ ocrLanguages: value, updatedAt: new Date() })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes the user; uploads, notes and subscription go with it (cascade), feedback keeps no link. */
  async deleteById(id: number): Promise<boolean> {
    assertId(id, 'User id');
    const res = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return res.numDeletedRows > 0n;
  }
}
