/**
 * The sweeper (DECISIONS "Sweeper") on real PostgreSQL and S3 (s3rver): a gateway that died mid-upload is simulated
 * by writing what it had written (the reserved upload row through the repository, its objects through the store)
 * and never finishing. Then: the sweep fails the stuck upload, deletes its objects and gives the allowance back;
 * leaves fresh uploads, live notes and every key it does not own alone; deletes old objects no upload owns; and two
 * sweepers never do the same work twice. Last, the embedded start runs it by itself.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '@snapnotes/config';
import type { Logger } from '@snapnotes/contracts';
import { createSweeper, STALE_UPLOAD_CODE, staleUploadAgeMs } from '@snapnotes/notes';
import { connectDatabase, createStoreFromConfig } from '@snapnotes/runtime';
import { renderScreenshot, SAMPLE_TEXT } from '@snapnotes/testing/images';
import { createTestDatabase, getS3, productTestEnv } from '@snapnotes/testing/services';
import type { TestDatabase, TestS3 } from '@snapnotes/testing/services';
import { signUp, startTestApp, type TestApp } from './harness.js';

const MINUTE = 60_000;
const LIMIT = 3;
/** The 'SNSW' namespace of the sweep lock (packages/db/src/repos/uploads.ts). */
const SWEEP_LOCK = 0x534e5357;
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

/** One statement on its own connection: makes rows look old (the repositories always write "now"). */
async function runSql(databaseUrl: string | undefined, text: string, params: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text, params);
  } finally {
    await client.end();
  }
}

const lines: Array<{ level: string; obj: unknown; msg?: string }> = [];
const logger: Logger = {
  debug: (obj, msg) => void lines.push({ level: 'debug', obj, msg }),
  info: (obj, msg) => void lines.push({ level: 'info', obj, msg }),
  warn: (obj, msg) => void lines.push({ level: 'warn', obj, msg }),
  error: (obj, msg) => void lines.push({ level: 'error', obj, msg }),
  child: () => logger,
};

type Db = Awaited<ReturnType<typeof connectDatabase>>;
type Store = ReturnType<typeof createStoreFromConfig>;

describe('sweeper', () => {
  let testDb: TestDatabase;
  let s3: TestS3;
  let config: Config;
  let db: Db;
  let store: Store;
  let userA: number;
  let userB: number;

  beforeAll(async () => {
    [testDb, s3] = await Promise.all([createTestDatabase(), getS3()]);
    config = loadConfig({ ...productTestEnv({ db: testDb, s3 }), SWEEP_INTERVAL_MS: '0' });
    db = await connectDatabase(config, logger, { migrate: true });
    store = createStoreFromConfig(config, logger);
    const user = (name: string) =>
      db.repos.users.upsertByFirebaseUid({
        firebaseUid: `uid-${name}-${randomUUID()}`,
        email: `${name}@example.com`,
        displayName: name,
        photoURL: '',
        username: name,
      });
    [userA, userB] = await Promise.all([user('a'), user('b')]).then((rows) => rows.map((r) => r.id));
  });
  afterAll(async () => {
    store?.close();
    await db?.close();
    await s3?.close();
    await testDb?.drop();
  });

  /** What the gateway does before the pipeline runs: reserve the upload (created `ageMs` ago), store its images. */
  async function reserved(userId: number, opts: { ageMs?: number; images?: number; store?: boolean } = {}) {
    const id = randomUUID();
    const keys = Array.from({ length: opts.images ?? 2 }, (_, i) => `users/${userId}/uploads/${id}/${i}.png`);
    const createdAt = new Date(Date.now() - (opts.ageMs ?? 0));
    const result = await db.repos.uploads.reserve({
      id,
      userId,
      fileNames: keys.map((_, i) => `page ${i}.png`),
      objectKeys: keys,
      imageCount: keys.length,
      correlationId: `sweeper-test-${id}`,
      monthlyAllowance: null,
      now: createdAt,
    });
    expect(result.ok).toBe(true);
    if (opts.store !== false) await putAll(keys);
    return { id, keys, createdAt };
  }

  async function putAll(keys: string[]) {
    await Promise.all(keys.map((key) => store.put(key, PNG, 'image/png')));
  }

  /** A processed upload: its note written and the upload completed by the notes stage. */
  async function completed(userId: number) {
    const upload = await reserved(userId);
    const { note } = await db.repos.notes.createForUpload({
      uploadId: upload.id,
      userId,
      title: 'Lecture',
      keyPoints: ['one'],
      detailedSummary: 'Summary.',
      originalText: 'Some text of the page.',
      kind: 'text',
      language: 'eng',
      imageCount: upload.keys.length,
      engine: 'local',
    });
    return { ...upload, noteId: note.id };
  }

  async function clearBucket() {
    await store.deleteMany(await store.list(''));
  }

  const sorted = (keys: string[]) => [...keys].sort();

  it('fails an upload stuck in processing, deletes its objects and gives its allowance back; a fresh one stays', async () => {
    await clearBucket();
    const staleAfterMs = 10 * MINUTE;
    const stuck = await reserved(userA, { ageMs: staleAfterMs + MINUTE, images: 3 });
    const fresh = await reserved(userA);
    const live = await completed(userA);
    const usedBefore = await db.repos.uploads.usedThisMonth(userA, stuck.createdAt);
    const sameMonth = stuck.createdAt.getUTCMonth() === new Date().getUTCMonth();
    // The month is full while the stuck upload counts (when it was reserved this month).
    // One more upload of user A: a probe of whether the month's allowance is full.
    const probe = () =>
      db.repos.uploads.reserve({
        id: randomUUID(),
        userId: userA,
        fileNames: ['x.png'],
        objectKeys: [],
        imageCount: 1,
        correlationId: 'probe',
        monthlyAllowance: LIMIT,
        now: new Date(),
      });
    const refused = await probe();
    if (sameMonth) expect(refused.ok).toBe(false);

    const sweeper = createSweeper({ db: db.db, store, logger }, { staleAfterMs, orphanMinAgeMs: 0 });
    lines.length = 0;
    const result = await sweeper.sweep();

    expect(result).toMatchObject({ locked: true, failedUploads: 1, staleObjects: 3, orphanedObjects: 0 });
    expect(await db.repos.uploads.findById(stuck.id)).toMatchObject({
      status: 'failed',
      errorCode: STALE_UPLOAD_CODE,
      noteId: null,
    });
    expect((await db.repos.uploads.findById(stuck.id))?.finishedAt).toBeInstanceOf(Date);
    // The fresh upload and the processed one are untouched, and so are all of their objects.
    expect((await db.repos.uploads.findById(fresh.id))?.status).toBe('processing');
    expect((await db.repos.uploads.findById(live.id))?.status).toBe('completed');
    expect(await db.repos.notes.findByIdForUser(live.noteId, userA)).toBeDefined();
    expect(await store.list('')).toEqual(sorted([...fresh.keys, ...live.keys]));
    // The allowance is back: one fewer upload counted, and a new upload is accepted again.
    expect(await db.repos.uploads.usedThisMonth(userA, stuck.createdAt)).toBe(usedBefore - 1);
    const again = await probe();
    if (sameMonth) expect(again.ok).toBe(true);

    // Counts only in the log: no key, no file name.
    const done = lines.find((l) => l.msg === 'sweep done');
    expect(done?.level).toBe('info');
    expect(Object.keys(done?.obj as object).sort()).toEqual(
      ['failedReprocessings', 'failedUploads', 'ms', 'orphanedObjects', 'scannedObjects', 'staleObjects'].sort(),
    );
    expect(JSON.stringify(lines)).not.toMatch(/users\/|page \d\.png/);

    // A second sweep finds nothing left to do.
    expect(await sweeper.sweep()).toMatchObject({ failedUploads: 0, staleObjects: 0, orphanedObjects: 0 });
    expect((await db.repos.uploads.findById(fresh.id))?.status).toBe('processing');
  });

  it('fails a re-read left processing by a gateway that died, and keeps its note and images', async () => {
    await clearBucket();
    const staleAfterMs = 10 * MINUTE;
    const live = await completed(userA);
    const start = () =>
      db.repos.reprocessings.start({ id: randomUUID(), noteId: live.noteId, userId: userA, languages: ['eng'] });
    const stuck = await start();
    expect(stuck.ok).toBe(true);
    expect(await start()).toEqual({ ok: false, reason: 'in-progress' });
    // Started 11 minutes ago by a gateway that is gone.
    await runSql(config.DATABASE_URL, `update note_reprocessings set created_at = now() - interval '11 minutes'`);
    const before = await db.repos.notes.findByIdForUser(live.noteId, userA);

    const result = await createSweeper({ db: db.db, store, logger }, { staleAfterMs, orphanMinAgeMs: 0 }).sweep();

    expect(result).toMatchObject({ failedReprocessings: 1, failedUploads: 0, staleObjects: 0, orphanedObjects: 0 });
    expect(await store.list('')).toEqual(sorted(live.keys));
    expect(await db.repos.notes.findByIdForUser(live.noteId, userA)).toEqual(before);
    // The note can be read again.
    expect((await start()).ok).toBe(true);
  });

  it('deletes the objects no upload owns and keeps every live upload’s objects and every foreign key', async () => {
    await clearBucket();
    const liveNote = await completed(userA);
    const inFlight = await reserved(userB);
    // The note was deleted but the gateway died before deleting its images.
    const deletedNote = await completed(userA);
    expect(await db.repos.notes.deleteForUser(deletedNote.noteId, userA)).toEqual(deletedNote.keys);
    // An upload given up (failed, rejected) whose objects were not deleted.
    const failed = await reserved(userB);
    await db.repos.uploads.markFailed(failed.id, 'failed', 'PROCESSING_TIMEOUT', 'Processing timed out');
    const rejected = await reserved(userA);
    await db.repos.uploads.markFailed(rejected.id, 'rejected', 'INAPPROPRIATE_CONTENT', 'flagged');
    // No upload row at all (the account was deleted while an upload was being stored).
    const noRow = [`users/${userB}/uploads/${randomUUID()}/0.jpg`, `users/999999/uploads/${randomUUID()}/0.png`];
    // Under a live upload's id but another user's folder: not that upload's object.
    const wrongUser = [`users/${userB}/uploads/${liveNote.id}/0.png`];
    // Keys without the gateway's layout are never the sweeper's to delete.
    const foreign = [
      `users/${userA}/avatar.png`,
      `users/${userA}/uploads/not-a-uuid/0.png`,
      `users/${userA}/uploads/${randomUUID()}/nested/0.png`,
      `exports/${randomUUID()}.zip`,
    ];
    // Thumbnails (`<key>.thumb.webp`, beside their originals) belong to their upload like the originals.
    const deletedThumb = [`${deletedNote.keys[0]}.thumb.webp`];
    const liveThumb = [`${liveNote.keys[0]}.thumb.webp`];
    await putAll([...noRow, ...wrongUser, ...foreign, ...deletedThumb, ...liveThumb]);
    const orphans = [...deletedNote.keys, ...deletedThumb, ...failed.keys, ...rejected.keys, ...noRow, ...wrongUser];
    const kept = [...liveNote.keys, ...liveThumb, ...inFlight.keys, ...foreign];
    expect(await store.list('')).toEqual(sorted([...orphans, ...kept]));

    const sweeper = createSweeper({ db: db.db, store, logger }, { staleAfterMs: 10 * MINUTE, orphanMinAgeMs: 0 });
    const result = await sweeper.sweep();

    expect(result).toMatchObject({ failedUploads: 0, orphanedObjects: orphans.length });
    expect(result.scannedObjects).toBe(orphans.length + kept.length - 1); // all but exports/…, outside users/
    expect(await store.list('')).toEqual(sorted(kept));
    expect((await db.repos.uploads.findById(inFlight.id))?.status).toBe('processing');
  });

  it('never deletes an object younger than the safe age, and walks a large bucket a page budget at a time', async () => {
    await clearBucket();
    const noRow = Array.from({ length: 25 }, (_, i) => `users/${userB}/uploads/${randomUUID()}/${i}.png`);
    await putAll(noRow);
    const young = createSweeper(
      { db: db.db, store, logger },
      { staleAfterMs: 10 * MINUTE, orphanMinAgeMs: 10 * MINUTE },
    );
    expect(await young.sweep()).toMatchObject({ orphanedObjects: 0, scannedObjects: 25 });
    expect(await store.list('')).toHaveLength(25);

    // Eleven minutes later by the sweeper's clock the same objects are old enough; 10 looked at per sweep.
    const later = () => new Date(Date.now() + 11 * MINUTE);
    const paged = createSweeper(
      { db: db.db, store, logger },
      { staleAfterMs: 1000 * MINUTE, orphanMinAgeMs: 10 * MINUTE, keysPerSweep: 10, now: later },
    );
    expect(await paged.sweep()).toMatchObject({ orphanedObjects: 10, scannedObjects: 10 });
    expect(await store.list('')).toHaveLength(15);
    expect(await paged.sweep()).toMatchObject({ orphanedObjects: 10, scannedObjects: 10 });
    expect(await paged.sweep()).toMatchObject({ orphanedObjects: 5, scannedObjects: 5 });
    expect(await store.list('')).toEqual([]);
  });

  it('sweeps once at a time: a sweep that finds the lock held does nothing, and two sweepers fail each upload once', async () => {
    await clearBucket();
    const staleAfterMs = 10 * MINUTE;
    const stuck = await Promise.all(
      Array.from({ length: 12 }, () => reserved(userA, { ageMs: staleAfterMs + MINUTE })),
    );
    const sweepOpts = { staleAfterMs, orphanMinAgeMs: 0, batchSize: 5 };

    // Another replica holds the lock: this sweep skips and changes nothing.
    const holder = new pg.Client({ connectionString: config.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1, 0)', [SWEEP_LOCK]);
      const blocked = await createSweeper({ db: db.db, store, logger }, sweepOpts).sweep();
      expect(blocked).toEqual({
        locked: false,
        failedUploads: 0,
        staleObjects: 0,
        failedReprocessings: 0,
        scannedObjects: 0,
        orphanedObjects: 0,
      });
      expect((await db.repos.uploads.findById(stuck[0]!.id))?.status).toBe('processing');
      expect(await store.list('')).toHaveLength(24);
    } finally {
      await holder.end();
    }

    // Two replicas (their own pools and S3 clients) sweep at the same moment.
    const other = await connectDatabase(config, logger, { migrate: false });
    const otherStore = createStoreFromConfig(config, logger);
    try {
      const results = await Promise.all([
        createSweeper({ db: db.db, store, logger }, sweepOpts).sweep(),
        createSweeper({ db: other.db, store: otherStore, logger }, sweepOpts).sweep(),
      ]);
      expect(results[0].failedUploads + results[1].failedUploads).toBe(12);
      expect(results[0].staleObjects + results[1].staleObjects).toBe(24);
      for (const upload of stuck) expect((await db.repos.uploads.findById(upload.id))?.status).toBe('failed');
      expect(await store.list('')).toEqual([]);

      // Without the lock too, the status check fails each row once: two replicas racing on the same rows.
      const more = await Promise.all(
        Array.from({ length: 10 }, () => reserved(userB, { ageMs: staleAfterMs + MINUTE, store: false })),
      );
      const before = new Date(Date.now() - staleAfterMs);
      const [first, second] = await Promise.all([
        db.repos.uploads.failStale(before, STALE_UPLOAD_CODE, 'x', 100),
        other.repos.uploads.failStale(before, STALE_UPLOAD_CODE, 'x', 100),
      ]);
      expect(sorted([...first, ...second].map((u) => u.id))).toEqual(sorted(more.map((u) => u.id)));
    } finally {
      otherStore.close();
      await other.close();
    }
  });
});

describe('the embedded start', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ FREE_UPLOADS_PER_MONTH: '2', SWEEP_INTERVAL_MS: '300' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('runs the sweeper: a dead gateway’s upload is failed, its images deleted, the upload given back', async () => {
    const client = await signUp(app, 'Sweeper User');
    const remaining = async () =>
      ((await (await client.get(`/api/user/${client.id}/remaining-uploads`)).json()) as { remainingUploads: number })
        .remainingUploads;
    const png = await renderScreenshot({ lines: SAMPLE_TEXT.lectureNotes as readonly string[] });
    const res = await client.upload([{ name: 'lecture.png', data: png }]);
    expect(res.status).toBe(200);
    const liveKeys = await app.listObjects(`users/${client.id}/`);
    expect(liveKeys).toHaveLength(2); // the image and its thumbnail

    // A gateway reserved an upload and stored its images, then died. Reserved now, so the running sweeper cannot
    // take it before its allowance is seen counted; then made as old as a stuck upload is.
    const { repos, store } = app.running.app.deps;
    const id = randomUUID();
    const keys = [0, 1].map((i) => `users/${client.id}/uploads/${id}/${i}.png`);
    const reservation = await repos.uploads.reserve({
      id,
      userId: client.id,
      fileNames: ['one.png', 'two.png'],
      objectKeys: keys,
      imageCount: 2,
      correlationId: 'dead-gateway',
      monthlyAllowance: 2,
      now: new Date(),
    });
    expect(reservation.ok).toBe(true);
    await Promise.all(keys.map((k) => store.put(k, png, 'image/png')));
    await store.put(`${keys[0]}.thumb.webp`, png, 'image/webp'); // its thumbnails go with it
    expect(await remaining()).toBe(0);
    const createdAt = new Date(Date.now() - staleUploadAgeMs(app.config) - 5_000);
    await runSql(app.config.DATABASE_URL, 'update uploads set created_at = $1 where id = $2', [createdAt, id]);

    // The sweep that fails it has finished once the metrics count its objects (the status commits before the delete).
    const metrics = () => fetch(`${app.url}/metrics`).then((r) => r.text());
    const deleted = /^snapnotes_sweep_objects_deleted_total\{reason="stale_upload",service="snapnotes"\} 2$/m;
    const deadline = Date.now() + 15_000;
    while (!deleted.test(await metrics())) {
      if (Date.now() > deadline) throw new Error('the embedded sweeper did not sweep the stuck upload');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await metrics()).toMatch(/^snapnotes_sweep_uploads_failed_total\{service="snapnotes"\} 1$/m);
    expect(await repos.uploads.findById(id)).toMatchObject({ status: 'failed', errorCode: STALE_UPLOAD_CODE });
    expect(await remaining()).toBe(1);
    expect(await app.listObjects(`users/${client.id}/`)).toEqual(liveKeys);
    const notes = (await (await client.get(`/api/notes/${client.id}`)).json()) as unknown[];
    expect(notes).toHaveLength(1);
  });
});
