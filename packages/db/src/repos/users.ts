import { sql, type Kysely } from 'kysely';
import { MAX_OCR_LANGUAGES, MIN_OCR_LANGUAGES, OCR_LANGUAGE_CODE } from '@snapnotes/contracts';
import type { Database, UserRow } from '../schema.js';
import { assertId, InvalidInputError } from '../errors.js';
import { monthWindow, RESERVE_LOCK_NAMESPACE, COUNTED_STATUSES } from './uploads.js';

/** A usage key (migration 0004): a keyed hash of the Firebase uid, hex or base64url. */
const USAGE_KEY = /^[A-Za-z0-9_-]{16,128}$/;

function assertUsageKey(key: string): void {
  if (typeof key !== 'string' || !USAGE_KEY.test(key)) {
    throw new InvalidInputError('usageKey must be 16 to 128 characters of hex or base64url');
  }
}

export interface DeleteAccountResult {
  /** False when there was no such user (nothing changed). */
  deleted: boolean;
  /** Uploads of the month carried over to the usage key (0 without a key). */
  carriedUploads: number;
  /** Feedback rows deleted with the account. */
  feedbackDeleted: number;
}

export interface UpsertUserInput {
  firebaseUid: string;
  email: string;
  displayName: string;
  photoURL: string;
  username: string;
  /** Keyed hash of the uid (the allowance follows it across deleted accounts); left unchanged when omitted. */
  usageKey?: string;
}

export class UsersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts the user, or updates the profile fields of the existing one; returns the row either way. */
  async upsertByFirebaseUid(input: UpsertUserInput): Promise<UserRow> {
    const firebaseUid = input.firebaseUid?.trim() ?? '';
    if (firebaseUid.length === 0 || firebaseUid.length > 128) {
      throw new InvalidInputError('firebaseUid must be 1 to 128 characters');
    }
    if (input.usageKey !== undefined) assertUsageKey(input.usageKey);
    const profile = {
      email: input.email ?? '',
      username: input.username ?? '',
      displayName: input.displayName ?? '',
      photoUrl: input.photoURL ?? '',
      ...(input.usageKey !== undefined ? { usageKey: input.usageKey } : {}),
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

  /**
   * Deletes an account for good, in one transaction under the user's allowance lock (the one reserve_upload takes):
   * the month's counted uploads are added to account_usage under `usageKey` (so a re-created account keeps using
   * the same allowance), the deletion time is recorded for the key, the user's feedback rows are deleted, and the
   * user row goes (uploads, notes and subscription rows cascade). `usageKey` null: nothing is carried over.
   */
  async deleteAccount(id: number, opts: { usageKey: string | null; now?: Date }): Promise<DeleteAccountResult> {
    assertId(id, 'User id');
    if (opts.usageKey !== null) assertUsageKey(opts.usageKey);
    const now = opts.now ?? new Date();
    const window = monthWindow(now);
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${RESERVE_LOCK_NAMESPACE}::int, ${id}::int)`.execute(trx);
      const exists = await trx.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) return { deleted: false, carriedUploads: 0, feedbackDeleted: 0 };
      let carriedUploads = 0;
      if (opts.usageKey !== null) {
        const row = await trx
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('userId', '=', id)
          .where('status', 'in', COUNTED_STATUSES)
          .where('createdAt', '>=', window.start)
          .where('createdAt', '<', window.end)
          .executeTakeFirstOrThrow();
        carriedUploads = Number(row.count);
        if (carriedUploads > 0) {
          await trx
            .insertInto('accountUsage')
            .values({ usageKey: opts.usageKey, monthStart: window.start, used: carriedUploads })
            .onConflict((oc) =>
              oc
                .columns(['usageKey', 'monthStart'])
                .doUpdateSet({ used: sql<number>`account_usage.used + excluded.used` }),
            )
            .execute();
        }
        // Past months no longer count for anything.
        await trx.deleteFrom('accountUsage').where('monthStart', '<', window.start).execute();
        await trx
          .insertInto('deletedAccounts')
          .values({ usageKey: opts.usageKey, deletedAt: now })
          .onConflict((oc) => oc.column('usageKey').doUpdateSet({ deletedAt: now }))
          .execute();
      }
      const feedback = await trx.deleteFrom('feedback').where('userId', '=', id).executeTakeFirst();
      await trx.deleteFrom('users').where('id', '=', id).execute();
      return { deleted: true, carriedUploads, feedbackDeleted: Number(feedback.numDeletedRows) };
    });
  }

  /** When the account of this usage key was last deleted, or undefined when never. */
  async deletedAt(usageKey: string): Promise<Date | undefined> {
    assertUsageKey(usageKey);
    const row = await this.db
      .selectFrom('deletedAccounts')
      .select('deletedAt')
      .where('usageKey', '=', usageKey)
      .executeTakeFirst();
    return row?.deletedAt;
  }

  /** Deletes the user; uploads, notes and subscription go with it (cascade), feedback keeps no link. */
  async deleteById(id: number): Promise<boolean> {
    assertId(id, 'User id');
    const res = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return res.numDeletedRows > 0n;
  }
}
