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
    expect(await app.listObjects(`users/${user.id}/`)).toHaveLength(1);
  });

  it('shows no subscription until one is bought', async () => {
    const res = await user.get(`/api/user/${user.id}/subscription`);
    expect(await res.json()).toEqual({ subscription: null, hasActiveSubscription: false });
  });
});

describe('without any Firebase configuration', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ FIREBASE_AUTH_EMULATOR_HOST: '', FIREBASE_PROJECT_ID: '' });
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
