/**
 * What the browser may keep of a note's images (issue 22 item 9; services/gateway/src/routes/images.ts): an
 * original is never written to its HTTP cache, a thumbnail is revalidated before each use. The routes run in
 * Fastify with stand-ins for the token verifier, the database and the object store.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@snapnotes/config';
import { createMemoryStore } from '@snapnotes/testing/memory-store';
import { imageReadLimit } from '../src/load-limits.js';
import { registerImageRoutes } from '../src/routes/images.js';

const KEY = 'users/4/uploads/00000000-0000-4000-8000-000000000000/0.png';
let app: FastifyInstance;

beforeAll(async () => {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const thumb = await sharp(png).webp().toBuffer();
  app = Fastify({ logger: false });
  const config = loadConfig({});
  app.decorate('deps', {
    config,
    verifier: { verify: async () => ({ uid: 'uid-4', email: 'a@example.com', emailVerified: true }) },
    repos: {
      users: { findByFirebaseUid: async () => ({ id: 4, firebaseUid: 'uid-4' }) },
      notes: {
        imagesForUser: async (id: number, userId: number) =>
          id === 9 && userId === 4
            ? { uploadId: 'u', images: [{ index: 0, key: KEY, fileName: 'a.png', meta: null }] }
            : null,
      },
    },
    store: createMemoryStore({ [KEY]: png, [`${KEY}.thumb.webp`]: thumb }),
  } as never);
  registerImageRoutes(app, imageReadLimit(config.IMAGE_READS_PER_USER));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { authorization: 'Bearer token', ...headers } });

describe('cache headers of a note image', () => {
  it('keeps no copy of an original in the browser: private, no-store (never a year-long immutable copy)', async () => {
    const res = await get('/api/notes/9/images/0');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const etag = String(res.headers.etag);
    const again = await get('/api/notes/9/images/0', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-store');
  });

  it('lets the browser keep a thumbnail only with a revalidation (the ownership check) before each use', async () => {
    const res = await get('/api/notes/9/images/0/thumbnail');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const again = await get('/api/notes/9/images/0/thumbnail', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it('never says immutable or max-age for a user image', async () => {
    for (const url of ['/api/notes/9/images/0', '/api/notes/9/images/0/thumbnail']) {
      const cacheControl = String((await get(url)).headers['cache-control']);
      expect(cacheControl).not.toMatch(/immutable|max-age/);
    }
  });
});
