import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger, NotesInput } from '@snapnotes/contracts';
import {
  createDatabase,
  migrateToLatest,
  NoteReprocessingsRepo,
  NotesRepo,
  ReprocessingNotActiveError,
  UploadNotActiveError,
  UploadNotFoundError,
  UploadsRepo,
  UsersRepo,
  type DatabaseHandle,
  type UserRow,
} from '@snapnotes/db';
import { createTestDatabase, type TestDatabase } from '@snapnotes/testing/services';
import { createNotesStage, FALLBACK_TITLE } from '@snapnotes/notes';

const lines: Array<{ level: string; obj: unknown; msg?: string }> = [];
const logger: Logger = {
  debug: (obj, msg) => void lines.push({ level: 'debug', obj, msg }),
  info: (obj, msg) => void lines.push({ level: 'info', obj, msg }),
  warn: (obj, msg) => void lines.push({ level: 'warn', obj, msg }),
  error: (obj, msg) => void lines.push({ level: 'error', obj, msg }),
  child: () => logger,
};

let testDb: TestDatabase;
let handle: DatabaseHandle;
let uploads: UploadsRepo;
let notesRepo: NotesRepo;
let user: UserRow;
let stage: ReturnType<typeof createNotesStage>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = createDatabase({ url: testDb.url, poolMax: 5, logger });
  await migrateToLatest(handle.db);
  uploads = new UploadsRepo(handle.db);
  notesRepo = new NotesRepo(handle.db);
  user = await new UsersRepo(handle.db).upsertByFirebaseUid({
    firebaseUid: 'uid-stage',
    email: 'stage@example.com',
    displayName: 'Stage',
    photoURL: '',
    username: 'stage',
  });
  stage = createNotesStage({ notes: notesRepo, logger });
});
afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

async function reservedInput(title = 'Cell biology', images = 2): Promise<NotesInput> {
  const uploadId = randomUUID();
  const refs = Array.from({ length: images }, (_, index) => ({
    index,
    fileName: `page-${index}.png`,
    key: `users/${user.id}/uploads/${uploadId}/${index}.png`,
    contentType: 'image/png' as const,
    bytes: 1000,
    width: 800,
    height: 600,
  }));
  const res = await uploads.reserve({
    id: uploadId,
    userId: user.id,
    fileNames: refs.map((r) => r.fileName),
    objectKeys: refs.map((r) => r.key),
    imageCount: images,
    correlationId: 'corr-1',
    monthlyAllowance: null,
    now: new Date(),
  });
  expect(res.ok).toBe(true);
  return {
    job: {
      jobId: uploadId,
      purpose: { kind: 'upload' },
      userId: user.id,
      correlationId: 'corr-1',
      premium: false,
      languages: ['eng'],
      images: refs,
    },
    summary: {
      title,
      keyPoints: ['Cells have membranes', 'Mitochondria make ATP'],
      detailedSummary: 'An overview of cell structure.',
      originalText: 'Cells have membranes. Mitochondria make ATP.',
      kind: 'text',
      language: 'eng',
      engine: 'local',
    },
  };
}

describe('notes stage', () => {
  it('writes the note from the summary and completes the upload', async () => {
    const input = await reservedInput();
    const result = await stage(input);
    expect(result.created).toBe(true);
    const note = await notesRepo.findByIdForUser(result.noteId, user.id);
    expect(note).toMatchObject({
      uploadId: input.job.jobId,
      title: 'Cell biology',
      keyPoints: input.summary.keyPoints,
      detailedSummary: input.summary.detailedSummary,
      originalText: input.summary.originalText,
      kind: 'text',
      language: 'eng',
      engine: 'local',
      imageCount: 2,
      wordCount: 6,
    });
    expect(await uploads.findById(input.job.jobId)).toMatchObject({ status: 'completed', noteId: result.noteId });
  });

  it('returns the same noteId with created false when the job is retried', async () => {
    const input = await reservedInput();
    const first = await stage(input);
    const again = await stage(input);
    expect(again).toEqual({ noteId: first.noteId, created: false });
    const both = await Promise.all([stage(input), stage(input)]);
    expect(both).toEqual([
      { noteId: first.noteId, created: false },
      { noteId: first.noteId, created: false },
    ]);
  });

  it('writes nothing for an upload the gateway already failed', async () => {
    const input = await reservedInput();
    await uploads.markFailed(input.job.jobId, 'failed', 'PROCESSING_TIMEOUT', 'gave up');
    const before = (await notesRepo.listByUser(user.id)).length;
    await expect(stage(input)).rejects.toBeInstanceOf(UploadNotActiveError);
    expect(await notesRepo.listByUser(user.id)).toHaveLength(before);
    expect(lines.some((l) => l.level === 'warn' && l.msg === 'upload no longer accepts a note')).toBe(true);
  });

  it('fails clearly for an upload that was never reserved', async () => {
    const input = await reservedInput();
    await expect(stage({ ...input, job: { ...input.job, jobId: randomUUID() } })).rejects.toBeInstanceOf(
      UploadNotFoundError,
    );
  });

  it('stores a fallback title when the summary title is blank', async () => {
    const input = await reservedInput('   ');
    const { noteId } = await stage(input);
    expect((await notesRepo.findByIdForUser(noteId, user.id))?.title).toBe(FALLBACK_TITLE);
  });

  it("stores each image's meta with the note, in upload order, for a later re-read", async () => {
    const input = await reservedInput();
    input.job.images[1] = { ...input.job.images[1]!, contentType: 'image/jpeg', orientation: 6 };
    input.job.images.reverse();
    const { noteId } = await stage(input);
    expect((await notesRepo.imagesForUser(noteId, user.id))?.images.map((i) => i.meta)).toEqual([
      { contentType: 'image/png', bytes: 1000, width: 800, height: 600 },
      { contentType: 'image/jpeg', bytes: 1000, width: 800, height: 600, orientation: 6 },
    ]);
  });
});

describe('notes stage: a re-read', () => {
  const reprocessings = () => new NoteReprocessingsRepo(handle.db);

  async function reread(noteId: number) {
    const id = randomUUID();
    expect((await reprocessings().start({ id, noteId, userId: user.id, languages: ['fra'] })).ok).toBe(true);
    return id;
  }

  it('updates the note in place, once, and completes the re-read', async () => {
    const { noteId } = await stage(await reservedInput());
    const input = await reservedInput('Biologie cellulaire');
    const id = await reread(noteId);
    const job = { ...input.job, jobId: id, purpose: { kind: 'reread' as const, noteId, requireText: true } };
    const summary = { ...input.summary, originalText: 'Les cellules ont des membranes.', language: 'fra' };

    expect(await stage({ job, summary })).toEqual({ noteId, created: false });
    expect(await stage({ job, summary })).toEqual({ noteId, created: false }); // a retried job
    expect(await notesRepo.findByIdForUser(noteId, user.id)).toMatchObject({
      title: 'Biologie cellulaire',
      originalText: 'Les cellules ont des membranes.',
      language: 'fra',
      wordCount: 5,
    });
    expect((await reprocessings().findById(id))?.status).toBe('completed');
    expect(lines.filter((l) => l.msg === 'note re-read')).toHaveLength(1);
  });

  it('changes nothing for a re-read the gateway gave up', async () => {
    const { noteId } = await stage(await reservedInput());
    const before = await notesRepo.findByIdForUser(noteId, user.id);
    const input = await reservedInput('Never written');
    const id = await reread(noteId);
    await reprocessings().fail(id, 'PROCESSING_TIMEOUT');
    const job = { ...input.job, jobId: id, purpose: { kind: 'reread' as const, noteId, requireText: true } };
    await expect(stage({ job, summary: input.summary })).rejects.toBeInstanceOf(ReprocessingNotActiveError);
    expect(await notesRepo.findByIdForUser(noteId, user.id)).toEqual(before);
  });
});
