/**
 * What the "Read again" tests share (reprocess.int.test.ts, reprocess-limits.int.test.ts): the product with the
 * OpenAI stand-in as its configured model, one free upload a month and a small rate limit, and a few calls.
 */
import pg from 'pg';
import { expect } from 'vitest';
import type { Note } from '@snapnotes/contracts';
import { startOpenAIStandin, type OpenAIStandin } from '@snapnotes/testing/openai-standin';
import { renderScreenshot } from '@snapnotes/testing/images';
import { startTestApp, type Client, type TestApp } from './harness.js';

/** Images per user in any 5 minutes (the upload rate limit, which re-reads count against too). */
export const RATE_LIMIT = 5;

/**
 * A short French line: read as English (the defaults) it loses its accents, read as French it keeps them. It has
 * too few letters for the OCR's language detection to re-read it on its own, so the languages asked for decide.
 */
export const FRENCH_LINE = 'Élève déjà prêt: écrire ça, merci';

export interface ReadAgainApp {
  app: TestApp;
  openai: OpenAIStandin;
  close(): Promise<void>;
}

export async function startReadAgainApp(opts: { redis?: boolean } = {}): Promise<ReadAgainApp> {
  const openai = await startOpenAIStandin();
  const app = await startTestApp(
    {
      FREE_UPLOADS_PER_MONTH: '1',
      RATE_LIMIT_IMAGES: String(RATE_LIMIT),
      OPENAI_BASE_URL: openai.url,
      OPENAI_API_KEY: 'sk-test-standin',
      OPENAI_MODERATION: 'off',
    },
    opts,
  );
  return {
    app,
    openai,
    async close() {
      await app.close();
      await openai.close();
    },
  };
}

/** POST /api/notes/{id}/reprocess, with a JSON body when given. */
export function reread(client: Client, noteId: number | string, body?: unknown): Promise<Response> {
  return client.send('POST', `/api/notes/${noteId}/reprocess`, body);
}

/** Uploads one screenshot per `lines` entry and answers the note. */
export async function uploadNote(client: Client, ...pages: string[][]): Promise<Note> {
  const files = await Promise.all(
    pages.map(async (lines, i) => ({ name: `page-${i + 1}.png`, data: await renderScreenshot({ lines }) })),
  );
  const res = await client.upload(files);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Note;
}

/** The caller's note as the list answers it. */
export async function noteOf(client: Client, id: number): Promise<Note | undefined> {
  const res = await client.get(`/api/notes/${client.id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Note[]).find((n) => n.id === id);
}

/** The status and error body of a refusal. */
export async function refusalOf(res: Response): Promise<{ status: number; error: string; message: string }> {
  const body = (await res.json()) as { error: string; message: string };
  return { status: res.status, error: body.error, message: body.message };
}

/** One statement on the app's database (what the product has no route for: an older upload, a re-read's row). */
export async function query<R extends pg.QueryResultRow>(app: TestApp, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: app.config.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The re-reads of a note, oldest first. */
export function rereadsOf(app: TestApp, noteId: number) {
  return query<{ status: string; languages: string[]; error_code: string | null }>(
    app,
    'select status, languages, error_code from note_reprocessings where note_id = $1 order by created_at',
    [noteId],
  );
}
