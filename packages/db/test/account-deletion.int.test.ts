import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedbackRepo, InvalidInputError, UploadsRepo, UsersRepo, type UserRow } from '../src/index.js';
import { migratedDatabase, type MigratedDb } from './helpers.js';

let h: MigratedDb;
let users: UsersRepo;
let uploads: UploadsRepo;
let feedback: FeedbackRepo;

beforeAll(async () => {
  h = await migratedDatabase();
  users = new UsersRepo(h.db);
  uploads = new UploadsRepo(h.db);
  feedback = new FeedbackRepo(h.db);
});
afterAll(async () => {
  await h?.dispose();
});

const NOW = new Date('2025-03-15T12:00:00Z');
const keyOf = (uid: string) => `key-${uid}`.padEnd(24, 'x').replace(/[^A-Za-z0-9_-]/g, '_');

async function signIn(uid: string): Promise<UserRow> {
  return users.upsertByFirebaseUid({
    firebaseUid: uid,
    email: `${uid}@example.com`,
    displayName: uid,
    photoURL: '',
    username: uid,
    usageKey: keyOf(uid),
  });
}

function reserve(user: UserRow, allowance: number | null, now = NOW) {
  return uploads.reserve({
    id: randomUUID(),
    userId: user.id,
    fileNames: ['a.png'],
    objectKeys: ['k'],
    imageCount: 1,
    correlationId: 'c',
    monthlyAllowance: allowance,
    now,
  });
}

describe('UsersRepo.deleteAccount and the allowance across re-created accounts (migration 0004)', () => {
  it('deletes the user and their feedback, keeps other users’ feedback, and records only the usage', async () => {
    const a = await signIn(`uid-${randomUUID()}`);
    const b = await signIn(`uid-${randomUUID()}`);
    await feedback.create({ userId: a.id, name: 'Ann', email: 'ann@example.com', message: 'private words here' });
    await feedback.create({ userId: b.id, name: 'Bob', email: 'bob@example.com', message: 'other private words' });
    expect((await reserve(a, 5)).ok).toBe(true);
    expect((await reserve(a, 5)).ok).toBe(true);

    const result = await users.deleteAccount(a.id, { usageKey: keyOf(a.firebaseUid), now: NOW });
    expect(result).toEqual({ deleted: true, carriedUploads: 2, feedbackDeleted: 1 });
    expect(await users.findById(a.id)).toBeUndefined();
    const left = await h.db.selectFrom('feedback').select(['userId', 'email']).execute();
    expect(left.map((f) => f.email)).not.toContain('ann@example.com');
    expect(left.map((f) => f.userId)).toContain(b.id);
    const usage = await h.db
      .selectFrom('accountUsage')
      .selectAll()
      .where('usageKey', '=', keyOf(a.firebaseUid))
      .execute();
    expect(usage).toEqual([{ usageKey: keyOf(a.firebaseUid), monthStart: new Date('2025-03-01T00:00:00Z'), used: 2 }]);
    expect(await users.deletedAt(keyOf(a.firebaseUid))).toEqual(NOW);
    expect(await users.deleteAccount(a.id, { usageKey: null })).toEqual({
      deleted: false,
      carriedUploads: 0,
      feedbackDeleted: 0,
    });
  });

  it('a re-created account keeps the month’s usage; other users and next month are unaffected', async () => {
    const uid = `uid-${randomUUID()}`;
    const first = await signIn(uid);
    const other = await signIn(`uid-${randomUUID()}`);
    for (let i = 0; i < 3; i++) expect((await reserve(first, 5)).ok).toBe(true);
    await users.deleteAccount(first.id, { usageKey: keyOf(uid), now: NOW });

    const second = await signIn(uid);
    expect(second.id).not.toBe(first.id);
    expect(await uploads.usedThisMonth(second.id, NOW)).toBe(3);
    expect(await uploads.reserve({ ...base(second), monthlyAllowance: 3 })).toMatchObject({ ok: false, used: 3 });
    expect((await reserve(second, 5)).ok).toBe(true);
    expect((await reserve(second, 5)).ok).toBe(true);
    expect(await reserve(second, 5)).toMatchObject({ ok: false, used: 5, limit: 5 });
    // Deleted again: both accounts' uploads count for the third.
    await users.deleteAccount(second.id, { usageKey: keyOf(uid), now: NOW });
    const third = await signIn(uid);
    expect(await uploads.usedThisMonth(third.id, NOW)).toBe(5);

    expect(await uploads.usedThisMonth(other.id, NOW)).toBe(0);
    expect((await reserve(other, 1)).ok).toBe(true);
    const april = new Date('2025-04-02T00:00:00Z');
    expect(await uploads.usedThisMonth(third.id, april)).toBe(0);
    expect((await reserve(third, 5, april)).ok).toBe(true);
  });

  it('the race: 20 parallel reservations of a re-created account with one upload left give exactly one', async () => {
    const uid = `uid-${randomUUID()}`;
    const first = await signIn(uid);
    for (let i = 0; i < 2; i++) expect((await reserve(first, 5)).ok).toBe(true);
    await users.deleteAccount(first.id, { usageKey: keyOf(uid), now: NOW });
    const again = await signIn(uid);
    const results = await Promise.all(Array.from({ length: 20 }, () => reserve(again, 3)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await uploads.usedThisMonth(again.id, NOW)).toBe(3);
  });

  it('prunes past months and refuses a malformed usage key', async () => {
    await sql`insert into account_usage (usage_key, month_start, used) values (${'old-key-aaaaaaaaaaaaaa'}, ${new Date('2025-01-01T00:00:00Z')}, 4)`.execute(
      h.db,
    );
    const u = await signIn(`uid-${randomUUID()}`);
    await users.deleteAccount(u.id, { usageKey: keyOf(u.firebaseUid), now: NOW });
    const old = await h.db
      .selectFrom('accountUsage')
      .selectAll()
      .where('usageKey', '=', 'old-key-aaaaaaaaaaaaaa')
      .execute();
    expect(old).toEqual([]);
    await expect(users.deleteAccount(u.id, { usageKey: 'short' })).rejects.toThrow(InvalidInputError);
    await expect(
      users.upsertByFirebaseUid({
        firebaseUid: 'x',
        email: '',
        displayName: '',
        photoURL: '',
        username: '',
        usageKey: 'a b',
      }),
    ).rejects.toThrow(InvalidInputError);
  });
});

function base(user: UserRow) {
  return {
    id: randomUUID(),
    userId: user.id,
    fileNames: ['a.png'],
    objectKeys: ['k'],
    imageCount: 1,
    correlationId: 'c',
    now: NOW,
  };
}
