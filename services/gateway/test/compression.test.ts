/**
 * Compression (issue 23, item 1) on the gateway as buildApp makes it (stub dependencies, fastify inject): the web
 * app's files are sent as the build's .br / .gz by Accept-Encoding with `Vary: accept-encoding`, hashed assets
 * long-cached and the rest revalidated; JSON replies compressed on the fly; event streams and images never.
 */
import { Readable } from 'node:stream';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { stubGateway } from './stub-gateway.js';

const CHROME = 'gzip, deflate, br, zstd';
const webDir = mkdtempSync(join(tmpdir(), 'snapnotes-web-compress-'));
const APP_JS = `export const words = ${JSON.stringify('lorem ipsum dolor sit amet '.repeat(200))};\n`;
const INDEX = `<!doctype html><title>SnapNotes</title>${'<!-- padding -->'.repeat(100)}`;
const SW_JS = `self.addEventListener('fetch', () => {});\n${'// the service worker\n'.repeat(200)}`;

/** A file with its .br and .gz beside it, as the build writes them. */
function writePrecompressed(path: string, text: string): void {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

let app: FastifyInstance;
beforeAll(async () => {
  mkdirSync(join(webDir, 'assets'));
  writePrecompressed(join(webDir, 'index.html'), INDEX);
  writePrecompressed(join(webDir, 'assets/app-Hash1.js'), APP_JS);
  writeFileSync(join(webDir, 'sw.js'), SW_JS); // written after the bundle by the PWA plugin: no .br / .gz
  writeFileSync(join(webDir, 'assets/photo-Hash2.png'), Buffer.alloc(4096, 7));

  app = await stubGateway(webDir);
  app.get('/test/big-json', async () => ({
    notes: Array.from({ length: 200 }, (_, i) => ({ id: i, title: 'A note' })),
  }));
  app.get('/test/small-json', async () => ({ ok: true }));
  app.get('/test/events', async (_req, reply) => {
    const events = Readable.from([`data: ${'x'.repeat(2000)}\n\n`, 'data: second\n\n']);
    return reply.type('text/event-stream').send(events);
  });
  app.get('/test/image', async (_req, reply) => reply.type('image/png').send(Buffer.alloc(8192, 1)));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the web app’s files', () => {
  it('are sent as the build’s brotli copy to a browser, long-cached when hashed, and vary with Accept-Encoding', async () => {
    const res = await get('/assets/app-Hash1.js', CHROME);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
    expect(res.rawPayload.length).toBeLessThan(APP_JS.length / 5);
  });

  it('fall back to gzip, then to the file itself', async () => {
    const gz = await get('/assets/app-Hash1.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);

    const plain = await get('/assets/app-Hash1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const identity = await get('/assets/app-Hash1.js', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('serve the app shell compressed and revalidated, for / and for the app’s routes', async () => {
    for (const url of ['/', '/app', '/notes/123']) {
      const res = await get(url, CHROME);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('compress a file the build left uncompressed (the service worker) as they send it, never long-cached', async () => {
    const res = await get('/sw.js', CHROME);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SW_JS);
    expect(String(res.headers.vary).toLowerCase().split(/,\s*/)).toEqual(['accept-encoding']);
  });

  it('never send an image compressed, nor the compressed copies by their own names', async () => {
    const png = await get('/assets/photo-Hash2.png', CHROME);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    for (const url of ['/assets/app-Hash1.js.br', '/assets/app-Hash1.js.gz', '/index.html.br']) {
      expect((await get(url, CHROME)).statusCode, url).toBe(404);
    }
  });
});

describe('API replies', () => {
  it('compress JSON of 1 KB or more, and leave small replies alone', async () => {
    const big = await get('/test/big-json', CHROME);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).notes).toHaveLength(200);

    const gz = await get('/test/big-json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');

    const small = await get('/test/small-json', CHROME);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });

    const real = await get('/api/public-config', CHROME);
    expect(real.statusCode).toBe(200);
    expect(() => real.json()).not.toThrow(); // compressed or not, it is what it says
  });

  it('never compress an event stream or an image', async () => {
    const events = await get('/test/events', CHROME);
    expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body).toContain('data: second');
    const image = await get('/test/image', CHROME);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.length).toBe(8192);
  });
});
