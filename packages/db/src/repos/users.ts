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

  /** Deletes the user; uploads, notes and subscription go with it (cascade), feedback keeps no link. */
  async deleteById(id: number): Promise<boolean> {
    assertId(id, 'User id');
    const res = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return res.numDeletedRows > 0n;
  }
}
