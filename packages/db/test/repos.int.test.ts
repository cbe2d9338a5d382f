import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteSchema, userSchema } from '@snapnotes/contracts';
import {
  FeedbackRepo,
  InvalidInputError,
  NotesRepo,
  StripeEventsRepo,
  SubscriptionsRepo,
  UploadNotActiveError,
  UploadNotFoundError,
  UploadsRepo,
  UsersRepo,
  toApiNote,
  toApiUser,
  type CreateNoteForUploadInput,
  type UploadRow,
  type UserRow,
} from '../src/index.js';
import { makeUser, migratedDatabase, type MigratedDb } from './helpers.js';

let h: MigratedDb;
let users: UsersRepo;
let uploads: UploadsRepo;
let notes: NotesRepo;

beforeAll(async () => {
  h = await migratedDatabase();
  users = new UsersRepo(h.db);
  uploads = new UploadsRepo(h.db);
  notes = new NotesRepo(h.db);
});
afterAll(async () => {
  await h?.dispose();
});

const NOW = new Date('2025-03-15T12:00:00Z');

async function reserveOk(user: UserRow, opts: { now?: Date; files?: number } = {}): Promise<UploadRow> {
  const id = randomUUID();
  const files = opts.files ?? 1;
  const res = await uploads.reserve({
    id,
    userId: user.id,
    fileNames: Array.from({ length: files }, (_, i) => `shot-${i}.png`),
    objectKeys: Array.from({ length: files }, (_, i) => `users/${user.id}/uploads/${id}/${i}.png`),
    imageCount: files,
    correlationId: `corr-${id}`,
    monthlyAllowance: null,
    now: opts.now ?? NOW,
  });
  if (!res.ok) throw new Error('reserve unexpectedly refused');
  const upload = await uploads.findById(id);
  if (!upload) throw new Error('reserved upload not found');
  return upload;
}

function noteInput(upload: UploadRow, over: Partial<CreateNoteForUploadInput> = {}): CreateNoteForUploadInput {
  return {
    uploadId: upload.id,
    userId: upload.userId,
    title: 'Photosynthesis basics',
    keyPoints: ['Plants make sugar', 'Light is needed'],
    detailedSummary: 'Plants convert light into chemical energy.',
    originalText: 'Photosynthesis converts light — into energy. 6CO2 + 6H2O',
    kind: 'text',
    language: 'eng',
    imageCount: upload.imageCount,
    engine: 'local',
    ...over,
  };
}

async function noteWith(user: UserRow, over: Partial<CreateNoteForUploadInput> = {}) {
  const upload = await reserveOk(user);
  return (await notes.createForUpload(noteInput(upload, over))).note;
}

describe('UsersRepo', () => {
  it('inserts on first sign-in and updates the profile on the next, keeping the id', async () => {
    const first = await users.upsertByFirebaseUid({
      firebaseUid: 'uid-alice',
      email: 'alice@example.com',
      displayName: 'Alice',
      photoURL: 'https://img/a.png',
      username: 'alice',
    });
    expect(first).toMatchObject({
      firebaseUid: 'uid-alice',
      email: 'alice@example.com',
      photoUrl: 'https://img/a.png',
    });
    expect(first.stripeCustomerId).toBeNull();
    const second = await users.upsertByFirebaseUid({
      firebaseUid: 'uid-alice',
      email: 'alice@new.example',
      displayName: 'Alice B',
      photoURL: '',
      username: 'alice2',
    });
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({
      email: 'alice@new.example',
      displayName: 'Alice B',
      photoUrl: '',
      username: 'alice2',
    });
    expect(second.updatedAt.getTime()).toBeGreaterThanOrEqual(first.updatedAt.getTime());
    expect((await users.findByFirebaseUid('uid-alice'))?.id).toBe(first.id);
    expect((await users.findById(first.id))?.email).toBe('alice@new.example');
    expect(await users.findByFirebaseUid('uid-nobody')).toBeUndefined();

    const api = toApiUser(second);
    expect(userSchema.parse(api)).toEqual({
      id: first.id,
      firebaseUid: 'uid-alice',
      email: 'alice@new.example',
      username: 'alice2',
      displayName: 'Alice B',
      photoURL: '',
      ocrLanguages: null,
    });
  });

  it('refuses an empty firebase uid and a bad id', async () => {
    await expect(
      users.upsertByFirebaseUid({ firebaseUid: '  ', email: '', displayName: '', photoURL: '', username: '' }),
    ).rejects.toThrow(InvalidInputError);
    await expect(users.findById(0)).rejects.toThrow(/User id must be a positive/);
  });

  it('deleteById removes the user with uploads and notes, and unlinks feedback', async () => {
    const u = await makeUser(users);
    const note = await noteWith(u);
    const fb = await new FeedbackRepo(h.db).create({
      userId: u.id,
      name: 'Bo',
      email: 'b@x.io',
      message: 'Nice app, thanks!',
    });
    expect(await users.deleteById(u.id)).toBe(true);
    expect(await users.findById(u.id)).toBeUndefined();
    expect(await notes.findByIdForUser(note.id, u.id)).toBeUndefined();
    expect(await uploads.listByUser(u.id)).toEqual([]);
    const fbAfter = await h.db.selectFrom('feedback').selectAll().where('id', '=', fb.id).executeTakeFirstOrThrow();
    expect(fbAfter.userId).toBeNull();
    expect(await users.deleteById(u.id)).toBe(false);
  });
});

describe('UploadsRepo', () => {
  it('reserves within the allowance and refuses once it is used', async () => {
    const u = await makeUser(users);
    const base = { userId: u.id, fileNames: ['a.png'], objectKeys: ['k'], imageCount: 1, correlationId: 'c', now: NOW };
    const firstId = randomUUID();
    const first = await uploads.reserve({ ...base, id: firstId, monthlyAllowance: 2 });
    expect(first).toEqual({ ok: true, used: 1, limit: 2 });
    const upload = await uploads.findById(firstId);
    expect(upload).toMatchObject({
      status: 'processing',
      fileNames: ['a.png'],
      objectKeys: ['k'],
      imageCount: 1,
    });
    expect(upload?.userId).toBe(u.id);
    expect(upload?.correlationId).toBe('c');
    expect(upload?.createdAt.toISOString()).toBe(NOW.toISOString());
    expect(upload?.finishedAt).toBeNull();

    expect(await uploads.reserve({ ...base, id: randomUUID(), monthlyAllowance: 2 })).toMatchObject({
      ok: true,
      used: 2,
    });
    const refused = await uploads.reserve({ ...base, id: randomUUID(), monthlyAllowance: 2 });
    expect(refused).toEqual({ ok: false, used: 2, limit: 2 });
    expect(await uploads.usedThisMonth(u.id, NOW)).toBe(2);
    // A zero allowance refuses at once; null is unlimited.
    expect(await uploads.reserve({ ...base, id: randomUUID(), monthlyAllowance: 0 })).toMatchObject({ ok: false });
    expect(await uploads.reserve({ ...base, id: randomUUID(), monthlyAllowance: null })).toMatchObject({
      ok: true,
      used: 3,
      limit: null,
    });
  });

  it('counts only processing and completed uploads of the current UTC month', async () => {
    const u = await makeUser(users);
    await reserveOk(u, { now: new Date('2025-02-28T23:59:59Z') }); // last month
    const failed = await reserveOk(u);
    const rejected = await reserveOk(u);
    await reserveOk(u); // processing
    const done = await reserveOk(u);
    await notes.createForUpload(noteInput(done));
    expect(await uploads.markFailed(failed.id, 'failed', 'PROCESSING_TIMEOUT', 'took too long')).toBeDefined();
    expect(await uploads.markFailed(rejected.id, 'rejected', 'INAPPROPRIATE_CONTENT', 'flagged')).toBeDefined();

    expect(await uploads.usedThisMonth(u.id, NOW)).toBe(2);
    expect(await uploads.usedThisMonth(u.id, new Date('2025-03-01T00:00:00Z'))).toBe(2);
    expect(await uploads.usedThisMonth(u.id, new Date('2025-02-10T00:00:00Z'))).toBe(1);
    expect(await uploads.usedThisMonth(u.id, new Date('2025-04-01T00:00:00Z'))).toBe(0);
  });

  it('gives exactly one of 20 parallel reservations the last upload', async () => {
    const u = await makeUser(users);
    await reserveOk(u);
    await reserveOk(u);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        uploads.reserve({
          id: randomUUID(),
          userId: u.id,
          fileNames: ['x.png'],
          objectKeys: ['x'],
          imageCount: 1,
          correlationId: 'race',
          monthlyAllowance: 3,
          now: NOW,
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => r.used === 3 && r.limit === 3)).toBe(true);
    expect(await uploads.usedThisMonth(u.id, NOW)).toBe(3);
  });

  it('markFailed and markCompleted only move a processing upload', async () => {
    const u = await makeUser(users);
    const up = await reserveOk(u);
    const failed = await uploads.markFailed(up.id, 'rejected', 'INAPPROPRIATE_CONTENT', 'flagged: a.png');
    expect(failed).toMatchObject({
      status: 'rejected',
      errorCode: 'INAPPROPRIATE_CONTENT',
      errorMessage: 'flagged: a.png',
    });
    expect(failed?.finishedAt).toBeInstanceOf(Date);
    expect(await uploads.markFailed(up.id, 'failed', 'X', 'again')).toBeUndefined();
    expect(await uploads.markCompleted(up.id, 1)).toBeUndefined();
    expect((await uploads.findById(up.id))?.status).toBe('rejected');

    const up2 = await reserveOk(u);
    const note = await noteWith(u);
    expect(await uploads.markCompleted(up2.id, note.id)).toMatchObject({ status: 'completed', noteId: note.id });
    expect(await uploads.markFailed(up2.id, 'failed', 'PROCESSING_TIMEOUT', 'late')).toBeUndefined();
    expect((await uploads.findById(up2.id))?.status).toBe('completed');
    expect(await uploads.findById(randomUUID())).toBeUndefined();
  });

  it('lists a user’s uploads newest first', async () => {
    const u = await makeUser(users);
    const a = await reserveOk(u, { now: new Date('2025-03-01T00:00:00Z') });
    const b = await reserveOk(u, { now: new Date('2025-03-02T00:00:00Z') });
    const c = await reserveOk(u, { now: new Date('2025-03-03T00:00:00Z') });
    expect((await uploads.listByUser(u.id)).map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    expect((await uploads.listByUser(u.id, { limit: 1 })).map((x) => x.id)).toEqual([c.id]);
  });

  it('refuses bad input with specific errors', async () => {
    const u = await makeUser(users);
    const base = {
      id: randomUUID(),
      userId: u.id,
      fileNames: ['a.png'],
      objectKeys: ['k'],
      imageCount: 1,
      correlationId: 'c',
      monthlyAllowance: 5,
      now: NOW,
    };
    await expect(uploads.reserve({ ...base, id: 'not-a-uuid' })).rejects.toThrow(/must be a UUID/);
    await expect(uploads.reserve({ ...base, monthlyAllowance: -1 })).rejects.toThrow(/monthlyAllowance/);
    await expect(uploads.reserve({ ...base, imageCount: 2 })).rejects.toThrow(/fileNames has 1 entries/);
    await expect(uploads.reserve({ ...base, now: new Date('nope') })).rejects.toThrow(/valid Date/);
    await expect(uploads.reserve({ ...base, userId: 999_999 })).rejects.toThrow(/User 999999 does not exist/);
    await uploads.reserve(base);
    await expect(uploads.reserve(base)).rejects.toThrow(/already exists/);
    await expect(uploads.markFailed(base.id, 'completed' as 'failed', 'X', 'y')).rejects.toThrow(
      /'failed' or 'rejected'/,
    );
  });
});

describe('NotesRepo.createForUpload', () => {
  it('writes the note and completes the upload in one go', async () => {
    const u = await makeUser(users);
    const up = await reserveOk(u, { files: 2 });
    const { note, created } = await notes.createForUpload(noteInput(up));
    expect(created).toBe(true);
    expect(note).toMatchObject({
      userId: u.id,
      uploadId: up.id,
      keyPoints: ['Plants make sugar', 'Light is needed'],
      kind: 'text',
      language: 'eng',
      imageCount: 2,
      engine: 'local',
    });
    // "—" and "+" have no letter or digit; "energy.", "6CO2" and "6H2O" do.
    expect(note.wordCount).toBe(7);
    const after = await uploads.findById(up.id);
    expect(after).toMatchObject({ status: 'completed', noteId: note.id });
    expect(after?.finishedAt).toBeInstanceOf(Date);
    expect(noteSchema.parse(toApiNote(note))).toMatchObject({ id: note.id, keyPoints: note.keyPoints });
  });

  it('returns the same note with created false when the job is retried', async () => {
    const u = await makeUser(users);
    const up = await reserveOk(u);
    const first = await notes.createForUpload(noteInput(up));
    const again = await notes.createForUpload(noteInput(up, { title: 'A different title from a retry' }));
    expect(again.created).toBe(false);
    expect(again.note.id).toBe(first.note.id);
    expect(again.note.title).toBe('Photosynthesis basics');
    expect(await notes.listByUser(u.id)).toHaveLength(1);
  });

  it('writes one note when the same job runs twice at the same moment', async () => {
    const u = await makeUser(users);
    const up = await reserveOk(u);
    const results = await Promise.all(Array.from({ length: 6 }, () => notes.createForUpload(noteInput(up))));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.note.id)).size).toBe(1);
    const count = await h.db
      .selectFrom('notes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('uploadId', '=', up.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it.each(['failed', 'rejected'] as const)('writes nothing for a %s upload', async (status) => {
    const u = await makeUser(users);
    const up = await reserveOk(u);
    await uploads.markFailed(up.id, status, 'PROCESSING_TIMEOUT', 'gateway gave up');
    const err = await notes.createForUpload(noteInput(up)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadNotActiveError);
    expect((err as UploadNotActiveError).status).toBe(status);
    expect(await notes.listByUser(u.id)).toEqual([]);
    expect((await uploads.findById(up.id))?.status).toBe(status);
  });

  it('waits for a concurrent markFailed and then writes nothing (the upload row is locked)', async () => {
    const u = await makeUser(users);
    const up = await reserveOk(u);
    let pending!: Promise<unknown>;
    await h.db.transaction().execute(async (trx) => {
      // The gateway gives up and marks the upload failed; its transaction is still open.
      await trx
        .updateTable('uploads')
        .set({ status: 'failed', errorCode: 'PROCESSING_TIMEOUT' })
        .where('id', '=', up.id)
        .execute();
      pending = notes.createForUpload(noteInput(up)).catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 200));
    });
    expect(await pending).toBeInstanceOf(UploadNotActiveError);
    expect(await notes.listByUser(u.id)).toEqual([]);
    expect((await uploads.findById(up.id))?.status).toBe('failed');
  });

  it('never leaves a note on a failed upload, nor a completed upload without its note, however the race goes', async () => {
    const u = await makeUser(users);
    for (let round = 0; round < 15; round++) {
      const up = await reserveOk(u);
      const [written] = await Promise.all([
        notes.createForUpload(noteInput(up)).catch((e: unknown) => e),
        uploads.markFailed(up.id, 'failed', 'PROCESSING_TIMEOUT', 'gateway gave up'),
      ]);
      const after = await uploads.findById(up.id);
      const note = await h.db.selectFrom('notes').selectAll().where('uploadId', '=', up.id).executeTakeFirst();
      if (written instanceof UploadNotActiveError) {
        expect(after?.status).toBe('failed');
        expect(note).toBeUndefined();
      } else {
        expect(after).toMatchObject({ status: 'completed', noteId: note?.id });
        expect((written as { note: { id: number } }).note.id).toBe(note?.id);
      }
    }
  });

  it('refuses a completed upload whose note was deleted, an unknown upload, and another user’s upload', async () => {
    const u = await makeUser(users);
    const other = await makeUser(users);
    const up = await reserveOk(u);
    const { note } = await notes.createForUpload(noteInput(up));
    await notes.deleteForUser(note.id, u.id);
    await expect(notes.createForUpload(noteInput(up))).rejects.toThrow(UploadNotActiveError);
    expect(await notes.listByUser(u.id)).toEqual([]);

    const ghost = { ...up, id: randomUUID() };
    await expect(notes.createForUpload(noteInput(ghost))).rejects.toThrow(UploadNotFoundError);
    const up2 = await reserveOk(u);
    await expect(notes.createForUpload(noteInput(up2, { userId: other.id }))).rejects.toThrow(/does not belong/);
    expect((await uploads.findById(up2.id))?.status).toBe('processing');
  });

  it('refuses a bad title or kind before touching the database', async () => {
    const u = await makeUser(users);
    const up = await reserveOk(u);
    await expect(notes.createForUpload(noteInput(up, { title: '   ' }))).rejects.toThrow(/Title cannot be empty/);
    await expect(notes.createForUpload(noteInput(up, { title: 'x'.repeat(201) }))).rejects.toThrow(/at most 200/);
    await expect(notes.createForUpload(noteInput(up, { kind: 'poem' as 'text' }))).rejects.toThrow(/kind must be/);
    expect((await uploads.findById(up.id))?.status).toBe('processing');
  });
});

describe('NotesRepo reads and writes by owner', () => {
  it('lists newest first and hides other users’ notes', async () => {
    const a = await makeUser(users);
    const b = await makeUser(users);
    const n1 = await noteWith(a, { title: 'first' });
    const n2 = await noteWith(a, { title: 'second' });
    await noteWith(b, { title: 'not yours' });
    expect((await notes.listByUser(a.id)).map((n) => n.id)).toEqual([n2.id, n1.id]);
    expect((await notes.listByUser(a.id, { limit: 1, offset: 1 })).map((n) => n.id)).toEqual([n1.id]);
  });

  it('answers "not found" for ids outside the id column and refuses nonsense ids', async () => {
    const a = await makeUser(users);
    expect(await notes.findByIdForUser(999_999_999_999, a.id)).toBeUndefined();
    expect(await notes.updateTitle(999_999_999_999, a.id, 'x')).toBeUndefined();
    expect(await notes.deleteForUser(999_999_999_999, a.id)).toBeUndefined();
    await expect(notes.findByIdForUser(-1, a.id)).rejects.toThrow(/Note id must be a positive/);
    await expect(notes.findByIdForUser(1.5, a.id)).rejects.toThrow(InvalidInputError);
  });

  it('user B cannot read, rename or delete user A’s note', async () => {
    const a = await makeUser(users);
    const b = await makeUser(users);
    const note = await noteWith(a);
    expect(await notes.findByIdForUser(note.id, b.id)).toBeUndefined();
    expect(await notes.updateTitle(note.id, b.id, 'hacked')).toBeUndefined();
    expect(await notes.deleteForUser(note.id, b.id)).toBeUndefined();
    const still = await notes.findByIdForUser(note.id, a.id);
    expect(still?.title).toBe('Photosynthesis basics');
  });

  it('renames with a trimmed title and refuses an empty one', async () => {
    const a = await makeUser(users);
    const note = await noteWith(a);
    const renamed = await notes.updateTitle(note.id, a.id, '  Chapter 2  ');
    expect(renamed?.title).toBe('Chapter 2');
    expect(renamed!.updatedAt.getTime()).toBeGreaterThanOrEqual(note.updatedAt.getTime());
    await expect(notes.updateTitle(note.id, a.id, '   ')).rejects.toThrow(/Title cannot be empty/);
    await expect(notes.updateTitle(note.id, a.id, 'y'.repeat(201))).rejects.toThrow(/at most 200/);
    expect(await notes.updateTitle(987_654, a.id, 'nope')).toBeUndefined();
    expect((await notes.findByIdForUser(note.id, a.id))?.title).toBe('Chapter 2');
  });

  it('delete returns the upload’s object keys and keeps the upload counted', async () => {
    const a = await makeUser(users);
    const up = await reserveOk(a, { files: 3 });
    const { note } = await notes.createForUpload(noteInput(up));
    const keys = await notes.deleteForUser(note.id, a.id);
    expect(keys).toEqual(up.objectKeys);
    expect(keys).toHaveLength(3);
    expect(await notes.findByIdForUser(note.id, a.id)).toBeUndefined();
    expect(await notes.deleteForUser(note.id, a.id)).toBeUndefined();
    expect((await uploads.findById(up.id))?.status).toBe('completed');
    expect(await uploads.usedThisMonth(a.id, NOW)).toBe(1);
  });

  it('statistics are computed from the rows', async () => {
    const a = await makeUser(users);
    expect(await notes.statistics(a.id)).toEqual({ totalNotes: 0, totalWords: 0 });
    await noteWith(a, { originalText: 'one two three' });
    const big = await noteWith(a, { originalText: 'alpha beta\ngamma\tdelta • — epsilon' });
    await noteWith(a, { originalText: '', kind: 'description' });
    expect(await notes.statistics(a.id)).toEqual({ totalNotes: 3, totalWords: 8 });
    await notes.deleteForUser(big.id, a.id);
    expect(await notes.statistics(a.id)).toEqual({ totalNotes: 2, totalWords: 3 });
  });
});

describe('NotesRepo.searchForUser', () => {
  let owner: UserRow;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    owner = await makeUser(users);
    ids.title = (await noteWith(owner, { title: 'Mitochondria Notes', originalText: 'x' })).id;
    ids.keyPoint = (await noteWith(owner, { title: 'kp', keyPoints: ['The RIBOSOME builds proteins'] })).id;
    ids.summary = (await noteWith(owner, { title: 'sum', detailedSummary: 'About the Golgi apparatus' })).id;
    ids.original = (await noteWith(owner, { title: 'orig', originalText: 'nucleus and chromatin' })).id;
    ids.percent = (await noteWith(owner, { title: 'Discount 50% off', originalText: 'sale' })).id;
    ids.fifty = (await noteWith(owner, { title: 'Discount 50 items', originalText: 'stock' })).id;
    ids.underscore = (await noteWith(owner, { title: 'file_name.txt', originalText: 'code' })).id;
    ids.noUnderscore = (await noteWith(owner, { title: 'filename', originalText: 'code' })).id;
    ids.backslash = (await noteWith(owner, { title: 'path C:\\temp', originalText: 'win' })).id;
    const stranger = await makeUser(users);
    await noteWith(stranger, { title: 'Mitochondria of a stranger' });
  });

  const found = async (q: string) => (await notes.searchForUser(owner.id, q)).map((n) => n.id).sort();

  it('matches case-insensitively in each field, only the user’s own notes', async () => {
    expect(await found('mitochondria')).toEqual([ids.title]);
    expect(await found('ribosome')).toEqual([ids.keyPoint]);
    expect(await found('GOLGI')).toEqual([ids.summary]);
    expect(await found('Chromatin')).toEqual([ids.original]);
    expect(await found('no such words anywhere')).toEqual([]);
  });

  it('treats % and _ and \\ literally', async () => {
    expect(await found('50%')).toEqual([ids.percent]);
    expect(await found('%')).toEqual([ids.percent]);
    expect(await found('e_n')).toEqual([ids.underscore]);
    expect(await found('_')).toEqual([ids.underscore]);
    expect(await found('C:\\temp')).toEqual([ids.backslash]);
    expect(await found('\\')).toEqual([ids.backslash]);
  });

  it('does not match JSON syntax of the key points', async () => {
    expect(await found('","')).toEqual([]);
  });

  it('refuses an empty or overlong query', async () => {
    await expect(notes.searchForUser(owner.id, '  ')).rejects.toThrow(/cannot be empty/);
    await expect(notes.searchForUser(owner.id, 'x'.repeat(201))).rejects.toThrow(/at most 200/);
  });
});

describe('SubscriptionsRepo, FeedbackRepo, StripeEventsRepo', () => {
  it('finds only an active or trialing subscription whose period has not ended', async () => {
    const subs = new SubscriptionsRepo(h.db);
    const cases = [
      { status: 'active', end: new Date('2025-04-01T00:00:00Z'), active: true },
      { status: 'trialing', end: null, active: true },
      { status: 'active', end: new Date('2025-03-01T00:00:00Z'), active: false },
      { status: 'canceled', end: new Date('2026-01-01T00:00:00Z'), active: false },
      { status: 'past_due', end: new Date('2026-01-01T00:00:00Z'), active: false },
    ];
    for (const c of cases) {
      const u = await makeUser(users);
      await h.db
        .insertInto('subscriptions')
        .values({
          userId: u.id,
          stripeSubscriptionId: `sub_${randomUUID()}`,
          status: c.status,
          plan: 'monthly',
          currentPeriodEnd: c.end,
        })
        .execute();
      expect({ ...c, found: (await subs.findActiveByUser(u.id, NOW)) !== undefined }).toEqual({
        ...c,
        found: c.active,
      });
      expect((await subs.findByUser(u.id))?.status).toBe(c.status);
    }
  });

  it('stores feedback with or without a user', async () => {
    const fbRepo = new FeedbackRepo(h.db);
    const u = await makeUser(users);
    const withUser = await fbRepo.create({
      userId: u.id,
      name: ' Ann ',
      email: 'ann@x.io',
      message: 'Great app, thanks!',
    });
    expect(withUser).toMatchObject({ userId: u.id, name: 'Ann', email: 'ann@x.io' });
    expect(
      (await fbRepo.create({ userId: null, name: 'Anon', email: 'a@x.io', message: 'Hello there!' })).userId,
    ).toBeNull();
    await expect(fbRepo.create({ userId: null, name: 'A', email: 'a@x.io', message: ' ' })).rejects.toThrow(
      /message cannot be empty/,
    );
  });

  it('records a Stripe event once', async () => {
    const events = new StripeEventsRepo(h.db);
    const id = `evt_${randomUUID()}`;
    expect(await events.recordOnce(id, 'invoice.paid')).toBe(true);
    expect(await events.recordOnce(id, 'invoice.paid')).toBe(false);
  });
});
