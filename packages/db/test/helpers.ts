import { randomUUID } from 'node:crypto';
import { CamelCasePlugin, Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { expect } from 'vitest';
import type { Logger } from '@snapnotes/contracts';
import { createTestDatabase, type TestDatabase } from '@snapnotes/testing/services';
import type { CreateNoteForUploadInput, Database, NoteRow } from '../src/index.js';
import {
  createDatabase,
  migrateToLatest,
  NoteReprocessingsRepo,
  NotesRepo,
  UploadsRepo,
  UsersRepo,
  type DatabaseHandle,
  type UserRow,
} from '../src/index.js';

export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silentLogger,
};

export interface MigratedDb extends DatabaseHandle {
  testDb: TestDatabase;
  dispose(): Promise<void>;
}

/** A fresh database with the schema applied. */
export async function migratedDatabase(poolMax = 25): Promise<MigratedDb> {
  const testDb = await createTestDatabase();
  const handle = createDatabase({ url: testDb.url, poolMax, logger: silentLogger });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    testDb,
    async dispose() {
      await handle.close();
      await testDb.drop();
    },
  };
}

export async function makeUser(users: UsersRepo, name = `user-${randomUUID().slice(0, 8)}`): Promise<UserRow> {
  return users.upsertByFirebaseUid({
    firebaseUid: `uid-${name}`,
    email: `${name}@example.com`,
    displayName: name,
    photoURL: '',
    username: name,
  });
}

/** The ids of `count` users named `<prefix>-0` … `<prefix>-<count - 1>`, made one after another. */
export async function makeUsers(users: UsersRepo, prefix: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push((await makeUser(users, `${prefix}-${i}`)).id);
  return ids;
}

/** A migrated database with the note repositories and two users, alice and bob. */
export interface NotesDb extends MigratedDb {
  uploads: UploadsRepo;
  notes: NotesRepo;
  reprocessings: NoteReprocessingsRepo;
  alice: UserRow;
  bob: UserRow;
}

export async function notesDatabase(poolMax?: number): Promise<NotesDb> {
  const h = await migratedDatabase(poolMax);
  const users = new UsersRepo(h.db);
  const [alice, bob] = await Promise.all([makeUser(users), makeUser(users)]);
  return {
    ...h,
    uploads: new UploadsRepo(h.db),
    notes: new NotesRepo(h.db),
    reprocessings: new NoteReprocessingsRepo(h.db),
    alice,
    bob,
  };
}

/** What a note says; the upload, its owner and its image count come from `noteByUpload`. */
export type NoteContentInput = Omit<CreateNoteForUploadInput, 'uploadId' | 'userId' | 'imageCount'>;

/**
 * A note of `user` written as the notes stage writes one: an upload of `images` stored images
 * (`users/<id>/uploads/<uuid>/<n>.png`, named `page-<n>.png`; 0: a note without images), then createForUpload.
 */
export async function noteByUpload(
  repos: Pick<NotesDb, 'uploads' | 'notes'>,
  user: UserRow,
  images: number,
  content: NoteContentInput,
): Promise<NoteRow> {
  const uploadId = randomUUID();
  const reserved = await repos.uploads.reserve({
    id: uploadId,
    userId: user.id,
    fileNames: Array.from({ length: Math.max(images, 1) }, (_, i) => `page-${i}.png`),
    objectKeys: Array.from({ length: images }, (_, i) => `users/${user.id}/uploads/${uploadId}/${i}.png`),
    imageCount: Math.max(images, 1),
    correlationId: 'corr',
    monthlyAllowance: null,
    now: new Date(),
  });
  expect(reserved.ok).toBe(true);
  const { note } = await repos.notes.createForUpload({ ...content, uploadId, userId: user.id, imageCount: images });
  return note;
}

/** A migrated database (pool of 4) with a user `owner`, `others` users `<othersPrefix>-<n>`, and a RecordingNotes. */
export interface PlanDb extends MigratedDb {
  owner: number;
  others: number[];
  recorded: RecordingNotes;
}

export async function planDatabase(owner: string, othersPrefix: string, others: number): Promise<PlanDb> {
  const h = await migratedDatabase(4);
  const users = new UsersRepo(h.db);
  const ownerId = (await makeUser(users, owner)).id;
  const recorded = recordingNotes(h.testDb.url);
  return {
    ...h,
    owner: ownerId,
    others: await makeUsers(users, othersPrefix, others),
    recorded,
    async dispose() {
      await recorded.close();
      await h.dispose();
    },
  };
}

/** A NotesRepo on its own small pool that records every query it sends (SQL and parameters), to EXPLAIN them. */
export interface RecordingNotes {
  notes: NotesRepo;
  /** What `call` returns and the one query it sent. */
  sentBy<T>(call: () => Promise<T>): Promise<{ result: T; query: CompiledQuery }>;
  /** EXPLAIN ANALYZE of a query exactly as the repository sent it. */
  explain(query: CompiledQuery): Promise<{ plan: string; ms: number }>;
  close(): Promise<void>;
}

export function recordingNotes(url: string): RecordingNotes {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let sent: CompiledQuery[] = [];
  const recording = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
  return {
    notes: new NotesRepo(recording),
    async sentBy(call) {
      sent = [];
      const result = await call();
      expect(sent).toHaveLength(1);
      return { result, query: sent[0]! };
    },
    async explain(query) {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, timing on, summary on) ${query.sql}`,
        [...query.parameters],
      );
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      return { plan, ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]) };
    },
    close: () => pool.end(),
  };
}
