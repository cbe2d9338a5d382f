/**
 * Security audit (issue 12, item 13) through the real routes: feedback needs a signed-in account and is limited per
 * account (DECISIONS "Feedback"); uploaded file names are stored and shown without bidi controls, zero-width or other
 * invisible characters (services/gateway/src/uploads/multipart.ts, sanitizeFileName).
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '@snapnotes/runtime';
import { createTestUser } from '@snapnotes/testing/firebase';
import { corruptPng, renderScreenshot } from '@snapnotes/testing/images';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';

let app: TestApp;
let db: Awaited<ReturnType<typeof connectDatabase>>;

beforeAll(async () => {
  app = await startTestApp({ FREE_UPLOADS_PER_MONTH: '20' });
  db = await connectDatabase(app.config, pino({ level: 'silent' }), { migrate: false });
});
afterAll(async () => {
  await db?.close();
  await app?.close();
});

const feedback = (message: string) => ({ name: 'Ada', email: 'ada@example.com', message });

async function feedbackWith(message: string) {
  return db.db.selectFrom('feedback').selectAll().where('message', '=', message).execute();
}

describe('POST /api/feedback', () => {
  it('refuses a caller without a token (401) and stores nothing', async () => {
    const message = 'Anonymous feedback that must not be stored.';
    const res = await fetch(`${app.url}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(feedback(message)),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('UNAUTHORIZED');
    const forged = await fetch(`${app.url}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-real-token' },
      body: JSON.stringify(feedback(message)),
    });
    expect(forged.status).toBe(401);
    expect(await feedbackWith(message)).toEqual([]);
  });

  it('refuses a signed-in identity without an account (403)', async () => {
    const stranger = await createTestUser({ name: 'No Account' });
    const res = await fetch(`${app.url}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${stranger.idToken}` },
      body: JSON.stringify(feedback('Feedback from nobody in particular.')),
    });
    expect(res.status).toBe(403);
  });

  it('takes 5 messages per account in 10 minutes, then 429 with Retry-After; other accounts are not affected', async () => {
    const [sender, other] = await Promise.all([signUp(app, 'Busy Sender'), signUp(app, 'Other Sender')]);
    // An invalid form is refused before it counts.
    expect((await sender.send('POST', '/api/feedback', { name: 'A', email: 'x', message: 'short' })).status).toBe(400);
    for (let i = 1; i <= 5; i++) {
      const res = await sender.send('POST', '/api/feedback', feedback(`Feedback number ${i} from a busy sender.`));
      expect(res.status, `message ${i}`).toBe(201);
    }
    const stored = await db.db.selectFrom('feedback').selectAll().where('userId', '=', sender.id).execute();
    expect(stored).toHaveLength(5);

    const sixth = await sender.send('POST', '/api/feedback', feedback('Feedback number 6 from a busy sender.'));
    expect(sixth.status).toBe(429);
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const body = (await sixth.json()) as { error: string; message: string };
    expect(body.error).toBe('RATE_LIMITED');
    expect(body.message).toMatch(/^Too much feedback at once: you can send at most 5 messages every 10 minutes\./);
    expect(body.message).toMatch(/Try again in (10 minutes|[1-9] minutes?)\.$/);
    expect(await feedbackWith('Feedback number 6 from a busy sender.')).toEqual([]);

    expect((await other.send('POST', '/api/feedback', feedback('Another account still gets through.'))).status).toBe(
      201,
    );
  });
});

describe('uploaded file names', () => {
  let user: Client;
  beforeAll(async () => {
    user = await signUp(app, 'Name Tester');
  });

  it('shows a refused file by its cleaned name: no right-to-left override, no zero-width characters', async () => {
    const res = await user.upload([{ name: 'invoice\u202Egnp.exe\u200B.png', data: await corruptPng() }]);
    expect(res.status).toBe(400);
    const { message } = (await res.json()) as { message: string };
    expect(message).toContain('"invoicegnp.exe.png"');
    expect(message).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u2060\uFEFF]/);
  });

  it('stores the cleaned, NFC names with the upload', async () => {
    const data = await renderScreenshot({ lines: ['Cleaned names', 'Nothing hidden in them.'] });
    const res = await user.upload([
      { name: 'invoice\u202Egnp.exe.png', data },
      { name: '\uFEFF\u200Bslide\u200D one\u2066.png', data },
      { name: 'cafe\u0301 menu.png', data },
    ]);
    expect(res.status).toBe(200);
    const rows = await db.db
      .selectFrom('uploads')
      .select(['fileNames', 'status'])
      .where('userId', '=', user.id)
      .where('status', '=', 'completed')
      .execute();
    expect(rows.map((r) => r.fileNames)).toEqual([['invoicegnp.exe.png', 'slide one.png', 'caf\u00E9 menu.png']]);
  });
});
