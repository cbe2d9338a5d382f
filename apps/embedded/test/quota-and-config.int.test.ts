import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakePngWithTextContent, renderScreenshot } from '@snapnotes/testing/images';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';

describe('free allowance', () => {
  let app: TestApp;
  let user: Client;
  beforeAll(async () => {
    app = await startTestApp({ FREE_UPLOADS_PER_MONTH: '1' });
    user = await signUp(app, 'Quota Tester');
  });
  afterAll(async () => {
    await app?.close();
  });

  const remaining = async () =>
    (await (await user.get(`/api/user/${user.id}/remaining-uploads`)).json()) as {
      remainingUploads: number;
      hasSubscription: boolean;
      limit: number;
    };

  it('is not used by a refused upload, is used by a successful one, then answers 402', async () => {
    expect(await remaining()).toMatchObject({ remainingUploads: 1, hasSubscription: false, limit: 1 });
    const refused = await user.upload([{ name: 'bad.png', data: await fakePngWithTextContent() }]);
    expect(refused.status).toBe(400);
    expect((await remaining()).remainingUploads).toBe(1);

    const ok = await user.upload([
      { name: 'a.png', data: await renderScreenshot({ lines: ['First note of the month'] }) },
    ]);
    expect(ok.status).toBe(200);
    expect((await remaining()).remainingUploads).toBe(0);

    const blocked = await user.upload([{ name: 'b.png', data: await renderScreenshot({ lines: ['Second note'] }) }]);
    expect(blocked.status).toBe(402);
    expect(await blocked.json()).toMatchObject({
      upgradeRequired: true,
      message: "You've used all your free uploads. Please subscribe to continue.",
    });
    expect(await app.listObjects(`users/${user.id}/`)).toHaveLength(2); // the image and its thumbnail
  });

  it('shows no subscription until one is bought', async () => {
    const res = await user.get(`/api/user/${user.id}/subscription`);
    expect(await res.json()).toEqual({ subscription: null, hasActiveSubscription: false });
  });
});

describe('without any Firebase configuration', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ AUTH_EMULATOR: '', FIREBASE_AUTH_EMULATOR_HOST: '', FIREBASE_PROJECT_ID: '' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 503 FIREBASE_NOT_CONFIGURED on the user and data routes, and stays healthy', async () => {
    for (const [method, path] of [
      ['POST', '/api/user'],
      ['GET', '/api/notes/1'],
      ['GET', '/api/statistics/1'],
      ['GET', '/api/user/1/remaining-uploads'],
      ['POST', '/api/process-screenshots'],
    ] as const) {
      const res = await fetch(app.url + path, { method, headers: { authorization: 'Bearer whatever' } });
      expect(res.status, path).toBe(503);
      expect(((await res.json()) as { error: string }).error).toBe('FIREBASE_NOT_CONFIGURED');
    }
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    const cfg = (await (await fetch(`${app.url}/api/public-config`)).json()) as { firebase: unknown };
    expect(cfg.firebase).toBeNull();
  });
});

describe('feedback forwarded to an outside form service', () => {
  let app: TestApp;
  let form: Server;
  let user: Client;
  const received: unknown[] = [];
  let status = 200;
  beforeAll(async () => {
    form = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.writeHead(status).end('{}');
      });
    });
    await new Promise<void>((r) => form.listen(0, '127.0.0.1', r));
    const port = (form.address() as AddressInfo).port;
    app = await startTestApp({ FEEDBACK_FORM_URL: `http://127.0.0.1:${port}/forms/feedback` });
    user = await signUp(app, 'Feedback Sender');
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((r) => form?.close(r));
  });

  it('forwards name, email and message, and reports a refusal as a failure', async () => {
    const body = { name: 'Sam', email: 'sam@example.com', message: 'Please add a PDF export option.' };
    expect((await user.send('POST', '/api/feedback', body)).status).toBe(201);
    expect(received).toEqual([body]);
    status = 500;
    const failed = await user.send('POST', '/api/feedback', body);
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { message: string }).message).toBe(
      'Failed to send feedback. Please try again later.',
    );
  });
});
