/**
 * Security audit (issue 12, item 9): the logs of a full run hold none of the user's content or identity.
 *
 * The assembled product runs on BullMQ (real Redis), PostgreSQL, S3 and the Auth emulator with the product's own
 * logger (createLogger: redaction, request serializers) at debug, the most verbose level the code uses, writing into
 * this test. An OpenAI-compatible server (the stand-in, with chat replies that quote the user's text: a refusal,
 * then prose instead of JSON) makes the summariser's failure path run. The run signs in, uploads a screenshot with a
 * distinctive word under a distinctive file name, has another upload flagged, sends a corrupt file, searches notes,
 * sends feedback, and opens and closes the admin dashboard; then none of those words, names, emails or tokens may be
 * anywhere in the logs, while the request lines and the failure paths must be there.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@snapnotes/config';
import type { Note } from '@snapnotes/contracts';
import { createLogger } from '@snapnotes/runtime';
import { createTestUser, type TestUser } from '@snapnotes/testing/firebase';
import { lineSink } from '@snapnotes/testing/logger';
import { corruptPng, renderScreenshot } from '@snapnotes/testing/images';
import { startOpenAIStandin, STANDIN_FLAG_TEXT, type OpenAIStandin } from '@snapnotes/testing/openai-standin';
import { createTestDatabase, getRedis, getS3, productTestEnv } from '@snapnotes/testing/services';
import { startSnapNotes, type RunningSnapNotes } from '../src/app.js';
import { signUp, type Client, type TestApp } from './harness.js';

/** Words that exist only in this test: any of them in a log line is a leak. */
const OCR_WORD = 'Quokkaberry';
const SECOND_OCR_WORD = 'Zanzibarnacle';
const SEARCH_WORD = 'Marmoset-lighthouse';
const FILE_NAME = 'Passport scan Ottoline Wexford.png';
const FLAGGED_FILE_NAME = 'Divorce letter Bartholomew.png';
const CORRUPT_FILE_NAME = 'Payslip Clementine Okonkwo.png';
const FEEDBACK_MESSAGE = 'Periwinkle aubergine complaint about the thistledown export.';
const FEEDBACK_EMAIL = 'perpetua.featherstonehaugh@example.com';
const ADMIN_EMAIL = `audit-admin-${Date.now()}@example.com`;

const lines: string[] = [];
let standin: OpenAIStandin;
let chat: Server;
let running: RunningSnapNotes;
let closeServices: () => Promise<void>;
let user: Client;
let admin: TestUser;
let adminCookie = '';
const chatReplies: string[] = [];

/** Chat completions that quote the user's text back (a refusal, then prose): the replies a model may really give. */
async function startQuotingChat(standinUrl: string): Promise<Server> {
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (req.method === 'POST' && req.url?.endsWith('/chat/completions')) {
        const request = JSON.parse(body.toString('utf8')) as { messages: { role: string; content: unknown }[] };
        const userText = JSON.stringify(request.messages.find((m) => m.role === 'user')?.content ?? '');
        const refuse = chatReplies.length % 2 === 0;
        chatReplies.push(refuse ? 'refusal' : 'prose');
        const message = refuse
          ? { role: 'assistant', content: null, refusal: `I cannot help with this text: ${userText}` }
          : { role: 'assistant', content: `Here is your note: ${userText}`, refusal: null };
        const completion = {
          id: 'chatcmpl-audit',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'gpt-4o-mini',
          choices: [{ index: 0, message, finish_reason: 'stop', logprobs: null }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(completion));
        return;
      }
      // Everything else (moderations, models) is the stand-in's.
      const target = new URL(standinUrl);
      const forwarded = await fetch(`${target.origin}${req.url}`, {
        method: req.method,
        headers: {
          authorization: req.headers.authorization ?? '',
          'content-type': req.headers['content-type'] ?? 'application/json',
        },
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      });
      res.writeHead(forwarded.status, { 'content-type': forwarded.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await forwarded.arrayBuffer()));
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

beforeAll(async () => {
  standin = await startOpenAIStandin();
  chat = await startQuotingChat(standin.url);
  const [db, s3, redis] = await Promise.all([createTestDatabase(), getS3(), getRedis()]);
  closeServices = async () => {
    await redis.close();
    await s3.close();
    await db.drop();
  };
  const config = loadConfig({
    ...productTestEnv({ db, s3 }),
    REDIS_URL: redis.url,
    QUEUE_PREFIX: redis.prefix,
    LOG_LEVEL: 'debug',
    OPENAI_API_KEY: 'sk-audit-not-a-real-key',
    OPENAI_BASE_URL: `http://127.0.0.1:${(chat.address() as AddressInfo).port}/v1`,
    ADMIN_EMAILS: ADMIN_EMAIL,
    FREE_UPLOADS_PER_MONTH: '20',
  });
  const { destination } = lineSink(lines);
  running = await startSnapNotes(config, createLogger(config, 'snapnotes', { destination }));
  user = await signUp({ url: running.url } as TestApp, 'Audit User');
  admin = await createTestUser({ email: ADMIN_EMAIL, name: 'Audit Admin' });
}, 180_000);

afterAll(async () => {
  await running?.close();
  await closeServices?.();
  await new Promise((resolve) => chat?.close(resolve));
  await standin?.close();
});

const api = (path: string, init: RequestInit = {}) => fetch(running.url + path, init);

describe('a full run', () => {
  it('uploads a screenshot whose summary falls back after the model refused and quoted the text', async () => {
    const data = await renderScreenshot({
      lines: [
        `${OCR_WORD} harvest notes`,
        `The ${OCR_WORD} crop ripens in late spring.`,
        `${SECOND_OCR_WORD} shells protect the harbour wall.`,
        'Pick the berries before the first rain.',
      ],
    });
    const res = await user.upload([{ name: FILE_NAME, data }]);
    expect(res.status).toBe(200);
    const note = (await res.json()) as Note;
    // OCR really read the words this test looks for.
    expect(`${note.originalText}`).toContain(OCR_WORD);
    expect(`${note.originalText}`).toContain(SECOND_OCR_WORD);
    // The model was asked, refused, was asked again, replied in prose: the local summariser wrote the note.
    expect(chatReplies).toEqual(['refusal', 'prose']);
  });

  it('has an upload flagged by the text checks, and a corrupt file refused by name', async () => {
    const flagged = await renderScreenshot({
      lines: [`${STANDIN_FLAG_TEXT} ${STANDIN_FLAG_TEXT} ${STANDIN_FLAG_TEXT}`],
    });
    const res = await user.upload([{ name: FLAGGED_FILE_NAME, data: flagged }]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { inappropriateImages: string[] }).inappropriateImages).toEqual([FLAGGED_FILE_NAME]);

    const corrupt = await user.upload([{ name: CORRUPT_FILE_NAME, data: await corruptPng() }]);
    expect(corrupt.status).toBe(400);
    expect(((await corrupt.json()) as { message: string }).message).toContain(CORRUPT_FILE_NAME);
  });

  it('searches notes, sends feedback, and opens and closes the admin dashboard', async () => {
    const found = await user.get(`/api/notes/${user.id}?q=${encodeURIComponent(OCR_WORD.toLowerCase())}`);
    expect(found.status).toBe(200);
    expect(((await found.json()) as Note[]).length).toBe(1);
    const none = await user.get(`/api/notes/${user.id}?q=${encodeURIComponent(SEARCH_WORD)}`);
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual([]);
    expect((await api(`/api/no-such-route?q=${SEARCH_WORD}`)).status).toBe(404);

    const sent = await user.send('POST', '/api/feedback', {
      name: 'Perpetua',
      email: FEEDBACK_EMAIL,
      message: FEEDBACK_MESSAGE,
    });
    expect(sent.status).toBe(201);

    const session = await api('/api/admin/session', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.idToken}` },
    });
    expect(session.status).toBe(200);
    adminCookie = (session.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(adminCookie).toMatch(/^snapnotes_admin=./);
    const dashboard = await api('/admin/queues/api/queues', { headers: { cookie: adminCookie } });
    expect(dashboard.status).toBe(200);
    await dashboard.arrayBuffer();
    const closed = await api('/admin/session', { method: 'DELETE', headers: { cookie: adminCookie } });
    expect(closed.status).toBe(200);
  });

  it('left none of the words, names, emails or tokens in the logs, which do hold every request and failure', () => {
    const log = lines.join('');
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const messages = entries.map((e) => e.msg);
    // Soft: one run reports every leak and every missing line at once.
    const check = expect.soft;

    // The logs are the real ones: request lines (by path), the summariser's failure path, the flagged upload,
    // the refused file, the feedback and the admin session.
    const requestUrls = entries
      .filter((e) => e.msg === 'incoming request')
      .map((e) => (e.req as { url: string } | undefined)?.url);
    for (const path of [
      '/api/user',
      '/api/process-screenshots',
      `/api/notes/${user.id}`,
      '/api/no-such-route',
      '/api/feedback',
      '/api/admin/session',
      '/admin/queues/api/queues',
      '/admin/session',
    ]) {
      check(requestUrls, `a request line for ${path}`).toContain(path);
    }
    check(messages).toContain('request completed');
    const unusable = entries.filter((e) => e.msg === 'unusable OpenAI reply').map((e) => e.reason);
    check(unusable).toEqual([expect.stringMatching(/^model refused/), expect.stringMatching(/^invalid JSON/)]);
    check(messages.some((m) => typeof m === 'string' && m.startsWith('OpenAI gave no usable summarise reply'))).toBe(
      true,
    );
    for (const message of [
      'text moderated',
      'upload flagged',
      'stage rejected the upload',
      'request refused',
      'feedback stored',
      'admin session opened',
      'admin session revoked',
    ]) {
      check(messages, `a "${message}" line`).toContain(message);
    }

    const secrets: Record<string, string> = {
      'the OCR text': OCR_WORD,
      'more OCR text': SECOND_OCR_WORD,
      'the search text': SEARCH_WORD,
      'the file name': FILE_NAME,
      'the file name, in part': 'Ottoline',
      'the flagged file name': FLAGGED_FILE_NAME,
      'the flagged file name, in part': 'Bartholomew',
      'the corrupt file name': CORRUPT_FILE_NAME,
      'the corrupt file name, in part': 'Clementine',
      'the feedback message': FEEDBACK_MESSAGE,
      'the feedback message, in part': 'thistledown',
      'the feedback email': FEEDBACK_EMAIL,
      "the user's email": user.user.email,
      "the admin's email": ADMIN_EMAIL,
      "the user's ID token": user.user.idToken,
      "the admin's ID token": admin.idToken,
      'the admin session cookie': adminCookie.slice('snapnotes_admin='.length),
      'the OpenAI key': 'sk-audit-not-a-real-key',
    };
    const lower = log.toLowerCase();
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThan(6);
      check(lower.includes(secret.toLowerCase()), `${what} is in the logs`).toBe(false);
      // As a URL would carry it, too.
      check(lower.includes(encodeURIComponent(secret).toLowerCase()), `${what} (URL-encoded) is in the logs`).toBe(
        false,
      );
    }
    check(log).not.toMatch(/Bearer [A-Za-z0-9._-]{20,}/);
  });
});
