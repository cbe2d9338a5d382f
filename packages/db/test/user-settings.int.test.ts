/** users.ocr_languages (migration 0003) and the UsersRepo methods that read and write it, on real PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { userSchema } from '@snapnotes/contracts';
import { InvalidInputError, UsersRepo, toApiUser } from '../src/index.js';
import { makeUser, migratedDatabase, type MigratedDb } from './helpers.js';

let h: MigratedDb;
let users: UsersRepo;

beforeAll(async () => {
  h = await migratedDatabase(4);
  users = new UsersRepo(h.db);
});
afterAll(async () => {
  await h?.dispose();
});

describe('users.ocr_languages', () => {
  it('is a nullable text[] column, null (not chosen) for every user until they choose', async () => {
    const column = await sql<{ udt: string; nullable: string; preset: string | null }>`
      select udt_name as udt, is_nullable as nullable, column_default as preset from information_schema.columns
       where table_schema = 'public' and table_name = 'users' and column_name = 'ocr_languages'`.execute(h.db);
    expect(column.rows).toEqual([{ udt: '_text', nullable: 'YES', preset: null }]);

    const user = await makeUser(users);
    expect(user.ocrLanguages).toBeNull();
    expect(await users.getOcrLanguages(user.id)).toBeNull();
    expect(userSchema.parse(toApiUser(user)).ocrLanguages).toBeNull();
  });

  it('stores a choice in its order without duplicates, keeps it across sign-ins, and can be cleared', async () => {
    const user = await makeUser(users, 'polyglot');
    const updated = await users.updateOcrLanguages(user.id, ['fra', 'eng', 'fra']);
    expect(updated?.ocrLanguages).toEqual(['fra', 'eng']);
    expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(user.updatedAt.getTime());
    expect(toApiUser(updated!).ocrLanguages).toEqual(['fra', 'eng']);
    expect(await users.getOcrLanguages(user.id)).toEqual(['fra', 'eng']);

    // Signing in again updates the profile only.
    const again = await users.upsertByFirebaseUid({
      firebaseUid: user.firebaseUid,
      email: 'polyglot@new.example',
      displayName: 'Poly',
      photoURL: '',
      username: 'poly',
    });
    expect(again.ocrLanguages).toEqual(['fra', 'eng']);
    expect((await users.findById(user.id))?.ocrLanguages).toEqual(['fra', 'eng']);

    expect((await users.updateOcrLanguages(user.id, ['deu', 'spa', 'ita']))?.ocrLanguages).toEqual([
      'deu',
      'spa',
      'ita',
    ]);
    expect((await users.updateOcrLanguages(user.id, null))?.ocrLanguages).toBeNull();
    expect(await users.getOcrLanguages(user.id)).toBeNull();
  });

  it('changes only the given user', async () => {
    const [a, b] = await Promise.all([makeUser(users), makeUser(users)]);
    await users.updateOcrLanguages(a.id, ['nld']);
    await users.updateOcrLanguages(b.id, ['por', 'spa']);
    expect(await users.getOcrLanguages(a.id)).toEqual(['nld']);
    expect(await users.getOcrLanguages(b.id)).toEqual(['por', 'spa']);
  });

  it('refuses an empty list, more than three languages and codes that are not tesseract codes', async () => {
    const user = await makeUser(users);
    await expect(users.updateOcrLanguages(user.id, [])).rejects.toThrow(InvalidInputError);
    await expect(users.updateOcrLanguages(user.id, ['eng', 'fra', 'deu', 'spa'])).rejects.toThrow(
      /1 to 3 languages, got 4/,
    );
    await expect(users.updateOcrLanguages(user.id, ['eng', '../etc'])).rejects.toThrow(
      /"..\/etc" is not a tesseract language code/,
    );
    await expect(users.updateOcrLanguages(0, ['eng'])).rejects.toThrow(/User id must be a positive/);
    expect(await users.getOcrLanguages(user.id)).toBeNull();
  });

  it('is checked by the database too: 1 to 3 entries or null', async () => {
    const user = await makeUser(users);
    await expect(
      sql`update users set ocr_languages = '{}'::text[] where id = ${user.id}`.execute(h.db),
    ).rejects.toThrow(/users_ocr_languages_count/);
    await expect(
      sql`update users set ocr_languages = array['eng','fra','deu','spa'] where id = ${user.id}`.execute(h.db),
    ).rejects.toThrow(/users_ocr_languages_count/);
  });

  it('answers undefined for a user that does not exist', async () => {
    expect(await users.getOcrLanguages(2_000_000_000)).toBeUndefined();
    expect(await users.updateOcrLanguages(2_000_000_000, ['eng'])).toBeUndefined();
  });
});
