/**
 * "Languages in my screenshots" on the real gateway (PostgreSQL, S3, emulator tokens, the whole pipeline):
 * GET /api/ocr-languages, PATCH /api/user/{userId}/settings with its ownership and validation, and the languages
 * an upload's job carries (the user's choice, else the server's defaults).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note, UploadJob, User } from '@snapnotes/contracts';
import { renderScreenshot } from '@snapnotes/testing/images';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';

let app: TestApp;
let alice: Client;
let bob: Client;
/** Every job the gateway handed to the pipeline. */
const jobs: UploadJob[] = [];

beforeAll(async () => {
  app = await startTestApp({ FREE_UPLOADS_PER_MONTH: '20' });
  const driver = app.running.pipeline;
  const run = driver.run.bind(driver);
  driver.run = (job, opts) => {
    jobs.push(job);
    return run(job, opts);
  };
  [alice, bob] = await Promise.all([signUp(app, 'Alice Languages'), signUp(app, 'Bob Languages')]);
});
afterAll(async () => {
  await app?.close();
});

const patch = (c: Client, body: unknown, userId = c.id) => c.send('PATCH', `/api/user/${userId}/settings`, body);

async function record(c: Client): Promise<User> {
  const res = await c.send('POST', '/api/user', { firebaseUid: '', email: '', displayName: '', photoURL: '' });
  expect(res.status).toBe(200);
  return (await res.json()) as User;
}

async function errorOf(res: Response): Promise<{ status: number; error: string; message: string }> {
  const body = (await res.json()) as { error: string; message: string };
  return { status: res.status, ...body };
}

describe('GET /api/ocr-languages', () => {
  it('answers without a token: the offered languages by name and the defaults', async () => {
    const res = await fetch(`${app.url}/api/ocr-languages`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      languages: [
        { code: 'eng', name: 'English' },
        { code: 'fra', name: 'French' },
        { code: 'deu', name: 'German' },
        { code: 'spa', name: 'Spanish' },
        { code: 'ita', name: 'Italian' },
        { code: 'por', name: 'Portuguese' },
        { code: 'nld', name: 'Dutch' },
      ],
      defaults: ['eng'],
    });
  });
});

describe('PATCH /api/user/{userId}/settings', () => {
  it('starts unset, stores the choice without duplicates and keeps it on the next sign-in', async () => {
    expect((await record(alice)).ocrLanguages).toBeNull();
    const res = await patch(alice, { ocrLanguages: ['fra', 'eng', 'fra'] });
    expect(res.status).toBe(200);
    const updated = (await res.json()) as User;
    expect(updated).toMatchObject({ id: alice.id, email: alice.user.email, ocrLanguages: ['fra', 'eng'] });
    expect((await record(alice)).ocrLanguages).toEqual(['fra', 'eng']);
  });

  it("refuses another user's id with 403 and changes nothing", async () => {
    const res = await patch(bob, { ocrLanguages: ['deu'] }, alice.id);
    expect(await errorOf(res)).toEqual({
      status: 403,
      error: 'FORBIDDEN',
      message: 'You can only access your own data.',
    });
    expect((await patch(bob, { ocrLanguages: ['deu'] }, 999_999)).status).toBe(403);
    expect((await bob.send('PATCH', '/api/user/me/settings', { ocrLanguages: ['deu'] })).status).toBe(403);
    expect((await record(alice)).ocrLanguages).toEqual(['fra', 'eng']);
    expect((await record(bob)).ocrLanguages).toBeNull();
  });

  it('refuses a request without a token with 401', async () => {
    const res = await fetch(`${app.url}/api/user/${alice.id}/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ocrLanguages: ['deu'] }),
    });
    expect(res.status).toBe(401);
  });

  it('answers 400 with the reason for a bad code, an empty list, too many languages or a bad body', async () => {
    const cases: Array<[unknown, string]> = [
      [
        { ocrLanguages: ['eng', 'jpn'] },
        '"jpn" is not a language this server reads. Choose from: eng, fra, deu, spa, ita, por, nld.',
      ],
      [{ ocrLanguages: ['English'] }, '"English" is not a language code such as eng or fra.'],
      [{ ocrLanguages: [] }, 'Choose at least one language.'],
      [{ ocrLanguages: ['eng', 'fra', 'deu', 'spa'] }, 'Choose at most 3 languages.'],
      [{ ocrLanguages: 'eng' }, 'ocrLanguages must be a list of language codes, e.g. ["eng", "fra"].'],
      [{}, 'ocrLanguages must be a list of language codes, e.g. ["eng", "fra"].'],
    ];
    for (const [body, message] of cases) {
      expect(await errorOf(await patch(alice, body)), JSON.stringify(body)).toEqual({
        status: 400,
        error: 'BAD_REQUEST',
        message,
      });
    }
    expect((await record(alice)).ocrLanguages).toEqual(['fra', 'eng']);
  });
});

describe('uploads', () => {
  it("read the user's languages first, and the server's defaults for a user who chose none", async () => {
    /** Uploads one screenshot and returns the job the gateway built for it. */
    const upload = async (c: Client, line: string): Promise<UploadJob> => {
      const before = jobs.length;
      const res = await c.upload([{ name: 'shot.png', data: await renderScreenshot({ lines: [line] }) }]);
      expect(res.status).toBe(200);
      expect(((await res.json()) as Note).userId).toBe(c.id);
      expect(jobs).toHaveLength(before + 1);
      expect(jobs.at(-1)!.userId).toBe(c.id);
      return jobs.at(-1)!;
    };
    const aliceJob = await upload(alice, 'Les notes de la semaine prochaine');
    expect(aliceJob.languages).toEqual(['fra', 'eng']);
    const bobJob = await upload(bob, 'Notes for the week ahead');
    expect(bobJob.languages).toEqual(['eng']);

    expect((await patch(bob, { ocrLanguages: ['deu'] })).status).toBe(200);
    const changed = await upload(bob, 'Notizen für die nächste Woche');
    expect(changed.languages).toEqual(['deu']);
  });
});
