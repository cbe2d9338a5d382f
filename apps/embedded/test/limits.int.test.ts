/**
 * The free allowance and the upload rate limit on the real product over HTTP: the allowance race on real
 * PostgreSQL, the rate limit in memory (embedded start) and on real Redis shared by two gateway instances.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note } from '@snapnotes/contracts';
import { buildApp, createFirebaseVerifier } from '@snapnotes/gateway';
import { createBullmqProducer, flowIds, type PipelineDriver } from '@snapnotes/queue';
import { connectDatabase, createStoreFromConfig } from '@snapnotes/runtime';
import { renderScreenshot } from '@snapnotes/testing/images';
import { renderFlaggedByClassifier } from '@snapnotes/testing/moderation-fixtures';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';

const RATE_LIMIT_MESSAGE =
  /^Too many uploads: you can upload at most 10 screenshots every 5 minutes\. Try again in \d+ minutes?\.$/;

const remainingOf = async (c: Client) =>
  (await (await c.get(`/api/user/${c.id}/remaining-uploads`)).json()) as {
    remainingUploads: number | null;
    hasSubscription: boolean;
  };

async function screenshots(count: number, label: string) {
  const png = await renderScreenshot({ lines: [`${label}: a short line of text to read`] });
  return Array.from({ length: count }, (_, i) => ({ name: `${label}-${i + 1}.png`, data: png }));
}

/** Uploads with the client's token to any gateway (the harness client is bound to one). */
function uploadTo(url: string, c: Client, files: Array<{ name: string; data: Buffer }>) {
  const form = new FormData();
  for (const f of files) form.append('images', new Blob([new Uint8Array(f.data)], { type: 'image/png' }), f.name);
  return fetch(`${url}/api/process-screenshots`, {
    method: 'POST',
    headers: { authorization: `Bearer ${c.user.idToken}` },
    body: form,
  });
}

describe('embedded start (in-process queue, rate limit in memory)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ FREE_UPLOADS_PER_MONTH: '2' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('gives a failed upload its allowance back, and 20 simultaneous uploads with one left make exactly one note', async () => {
    const c = await signUp(app, 'Racing Rachel');
    const flagged = await c.upload([{ name: 'flagged.png', data: await renderFlaggedByClassifier() }]);
    expect(flagged.status).toBe(400);
    expect((await remainingOf(c)).remainingUploads).toBe(2);
    const first = await c.upload(await screenshots(1, 'first'));
    expect(first.status).toBe(200);
    expect((await remainingOf(c)).remainingUploads).toBe(1);

    const [file] = await screenshots(1, 'race');
    const replies = await Promise.all(Array.from({ length: 20 }, () => c.upload([file!])));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 402)).toHaveLength(19);
    const bodies = await Promise.all(replies.map((r) => r.json() as Promise<{ upgradeRequired?: boolean }>));
    expect(bodies.filter((b) => b.upgradeRequired === true)).toHaveLength(19);

    const notes = (await (await c.get(`/api/notes/${c.id}`)).json()) as Note[];
    expect(notes).toHaveLength(2);
    expect(await remainingOf(c)).toMatchObject({ remainingUploads: 0, hasSubscription: false });
    expect(await app.listObjects(`users/${c.id}/`)).toHaveLength(4); // two images, each with its thumbnail
  });

  it('allows 10 images in 5 minutes; the 11th is a 429 with Retry-After that uses no allowance', async () => {
    const [c, other] = await Promise.all([signUp(app, 'Busy Bea'), signUp(app, 'Calm Carl')]);
    const ten = await c.upload(await screenshots(10, 'ten'));
    expect(ten.status).toBe(200);
    expect(((await ten.json()) as Note).imageCount).toBe(10);
    expect((await remainingOf(c)).remainingUploads).toBe(1);

    const eleventh = await c.upload(await screenshots(1, 'eleventh'));
    expect(eleventh.status).toBe(429);
    const retryAfter = Number(eleventh.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(280);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(await eleventh.json()).toEqual({
      error: 'RATE_LIMITED',
      message: 'Too many uploads: you can upload at most 10 screenshots every 5 minutes. Try again in 5 minutes.',
    });
    expect((await remainingOf(c)).remainingUploads).toBe(1);
    expect(await app.listObjects(`users/${c.id}/`)).toHaveLength(20); // ten images and their thumbnails

    // The limit is per user.
    expect((await other.upload(await screenshots(1, 'other'))).status).toBe(200);
  });
});

describe('two gateway instances sharing Redis', () => {
  let app: TestApp;
  let second: { url: string; app: FastifyInstance; pipeline: PipelineDriver; close(): Promise<void> };
  let redis: Redis;
  let prefix: string;

  beforeAll(async () => {
    app = await startTestApp({ FREE_UPLOADS_PER_MONTH: '20' }, { redis: true });
    prefix = app.config.QUEUE_PREFIX;
    // A second gateway replica, as in the distributed mode: same database, bucket and Redis; the stage workers
    // are the first instance's.
    const config = { ...app.config, PORT: 0 };
    const logger = pino({ level: 'silent' });
    const db = await connectDatabase(config, logger, { migrate: false });
    const store = createStoreFromConfig(config, logger);
    const pipeline = createBullmqProducer({ redisUrl: config.REDIS_URL!, prefix, logger });
    const verifier = createFirebaseVerifier(config);
    const gw = await buildApp({ config, logger, repos: db.repos, store, pipeline, verifier, readiness: {} });
    await gw.listen({ host: '127.0.0.1', port: 0 });
    second = {
      url: `http://127.0.0.1:${(gw.server.address() as AddressInfo).port}`,
      app: gw,
      pipeline,
      async close() {
        await gw.close();
        await pipeline.close();
        await verifier?.close();
        await db.close();
      },
    };
    redis = new Redis(config.REDIS_URL!);
  });
  afterAll(async () => {
    await second?.close();
    redis?.disconnect();
    await app?.close();
  });

  it('counts the images of both instances together: the 11th is refused by either one', async () => {
    expect(second.app.services.uploadRateLimiter.store).toBe('redis');
    const c = await signUp(app, 'Shared Shay');
    expect((await uploadTo(app.url, c, await screenshots(6, 'first-gateway'))).status).toBe(200);
    expect((await uploadTo(second.url, c, await screenshots(4, 'second-gateway'))).status).toBe(200);

    for (const url of [second.url, app.url]) {
      const res = await uploadTo(url, c, await screenshots(1, 'one-more'));
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as { message: string }).message).toMatch(RATE_LIMIT_MESSAGE);
    }
    const keys = await redis.keys(`${prefix}:rl:uploads:${c.id}:*`);
    expect(keys).toHaveLength(10);
    expect((await remainingOf(c)).remainingUploads).toBe(18);
  });

  it('queues a subscriber’s upload with the premium priority', async () => {
    const [free, premium] = await Promise.all([signUp(app, 'Queue Free'), signUp(app, 'Queue Premium')]);
    const { repos } = second.app.deps;
    await repos.subscriptions.upsertFromStripe({
      userId: premium.id,
      stripeSubscriptionId: `sub_test${premium.id}`,
      status: 'active',
      plan: 'monthly',
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      cancelAtPeriodEnd: false,
    });
    const priorities: Record<string, string | null> = {};
    for (const c of [free, premium]) {
      expect((await uploadTo(second.url, c, await screenshots(1, 'priority'))).status).toBe(200);
      const [upload] = await repos.uploads.listByUser(c.id, { limit: 1 });
      priorities[c === free ? 'free' : 'premium'] = await redis.hget(
        `${prefix}:notes:${flowIds(upload!.id).notes}`,
        'priority',
      );
    }
    expect(priorities).toEqual({ free: '10', premium: '1' });
    expect(await remainingOf(premium)).toMatchObject({ remainingUploads: null, hasSubscription: true });
  });
});
