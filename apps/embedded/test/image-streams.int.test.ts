/**
 * Issue 22 item 3 (DECISIONS "Original images"): an original image is streamed from the store to the client, never
 * held whole in the gateway's memory; a user may have IMAGE_READS_PER_USER streams open at once (more: 429); and a
 * client that stops reading is cut off after IMAGE_SEND_IDLE_MS. On the real product over HTTP with s3rver, against
 * 160 readers of an 8.3 MB image that read nothing (the audit's case: RSS +301 MB for 40, +846 MB for 160).
 */
import { randomBytes } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note } from '@snapnotes/contracts';
import { renderScreenshot } from '@snapnotes/testing/images';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';
import { MB, waitFor } from './raw-upload.js';

const READERS = 160;
const SEND_IDLE_MS = 5_000;
/**
 * When a stalled reader is cut off: after SEND_IDLE_MS, or twice that when the socket had part of a chunk accepted
 * just before (Node then takes the write as still in progress and waits one more period).
 */
const CUT_WITHIN_MS = 2 * SEND_IDLE_MS;

let app: TestApp;
let alice: Client;
let note: Note;
let big: Buffer;
/** The note's original in the store. */
let key: string;

/** An uncompressed PNG of noise, side × side RGB: 1664 makes about 8.3 MB (7.9 MiB). */
async function noisePng(side: number): Promise<Buffer> {
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

beforeAll(async () => {
  app = await startTestApp({
    FREE_UPLOADS_PER_MONTH: '10',
    IMAGE_READS_PER_USER: String(READERS), // one user holds them all, so the 161st is the cap's
    IMAGE_SEND_IDLE_MS: String(SEND_IDLE_MS),
  });
  alice = await signUp(app, 'Alice Streams');
  const res = await alice.upload([{ name: 'small.png', data: await renderScreenshot({ lines: ['Soon large'] }) }]);
  expect(res.status).toBe(200);
  note = (await res.json()) as Note;
  // The note's original becomes a large image (the route serves what the store holds under the note's key).
  key = (await app.listObjects(`users/${alice.id}/`)).find((k) => k.endsWith('/0.png'))!;
  big = await noisePng(1664);
  await app.running.app.deps.store.put(key, big, 'image/png');
});
afterAll(async () => {
  await app?.close();
});

interface Reader {
  response: Promise<IncomingMessage>;
  /** Reads what the connection still holds: the bytes received, and whether the whole body came. */
  drain(): Promise<{ bytes: number; complete: boolean }>;
  destroy(): void;
}

/**
 * GET the original on a connection of its own and read nothing of the body (a paused socket does not even notice the
 * server closing it: `drain` reads on to find out).
 */
function pausedReader(c: Client): Reader {
  const req = request(`${app.url}/api/notes/${note.id}/images/0`, {
    agent: false,
    headers: { authorization: `Bearer ${c.user.idToken}` },
  });
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    req.on('response', (res) => {
      res.pause();
      resolve(res);
    });
    req.on('error', reject);
  });
  response.catch(() => undefined);
  req.end();
  return {
    response,
    async drain() {
      const res = await response;
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('error', () => undefined); // "aborted": the server closed it mid-body
      res.resume();
      await new Promise((resolve) => res.once('close', resolve));
      return { bytes, complete: res.complete };
    },
    destroy: () => req.destroy(),
  };
}

describe('original images streamed from the store', () => {
  it('sends the whole image with its length and type', async () => {
    const res = await alice.get(`/api/notes/${note.id}/images/0`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(big.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(big)).toBe(true);
  });

  it(`holds ${READERS} readers that read nothing in little memory, and refuses one more`, async () => {
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const readers = Array.from({ length: READERS }, () => pausedReader(alice));
    try {
      const responses = await Promise.all(readers.map((r) => r.response));
      expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 200));
      await new Promise((r) => setTimeout(r, 1_500)); // every stream as far as the buffers let it go
      const growthMb = Math.round((peak - baseline) / MB);
      console.log(
        `${READERS} paused readers of a ${(big.length / MB).toFixed(1)} MiB image: RSS ` +
          `${Math.round(baseline / MB)} → ${Math.round(peak / MB)} MiB (+${growthMb} MiB)`,
      );
      expect(growthMb).toBeLessThan(100);

      // The cap: one more is refused at once, without touching the store.
      const refused = await alice.get(`/api/notes/${note.id}/images/0`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual({
        error: 'IMAGE_READS_IN_PROGRESS',
        message: `You are already being sent ${READERS} images. Wait for them to finish, then try again.`,
      });
    } finally {
      clearInterval(sampler);
      readers.forEach((r) => r.destroy());
    }
    // Their places are free again once they are gone: the next read is served whole.
    await waitFor('a place free again', async () => {
      const again = await alice.get(`/api/notes/${note.id}/images/0`);
      if (again.status !== 200) return (await again.arrayBuffer(), false);
      return Buffer.from(await again.arrayBuffer()).equals(big);
    });
  });

  it(`cuts off a reader that has read nothing for IMAGE_SEND_IDLE_MS, and not before`, async () => {
    // Larger than what a loopback connection's kernel buffers take in here (up to tcp_rmem's 32 MiB on the reading
    // side and tcp_wmem's 4 MiB on the sending side): the stream really stalls in the gateway.
    const huge = await noisePng(4800);
    await app.running.app.deps.store.put(key, huge, 'image/png');
    const readers = Array.from({ length: 10 }, () => pausedReader(alice));
    try {
      await Promise.all(readers.map((r) => r.response));
      const stalledAt = Date.now();
      await new Promise((r) => setTimeout(r, SEND_IDLE_MS / 2));
      // Readers that read again before the timeout get the whole image...
      const earlyMs = Date.now() - stalledAt;
      const early = await Promise.all(readers.slice(0, 4).map((r) => r.drain()));
      expect(early.map((d) => [d.complete, d.bytes])).toEqual(early.map(() => [true, huge.length]));
      // ...and those that read nothing for longer were cut off, with part of it.
      const lateMs = CUT_WITHIN_MS + 4_000;
      await new Promise((r) => setTimeout(r, lateMs - (Date.now() - stalledAt)));
      const late = await Promise.all(readers.slice(4).map((r) => r.drain()));
      const got = late.map((d) => d.bytes);
      console.log(
        `send timeout ${SEND_IDLE_MS} ms, ${(huge.length / MB).toFixed(1)} MiB image: 4 readers resumed after ` +
          `${earlyMs} ms got all of it; 6 resumed after ${lateMs} ms had been cut off after ` +
          `${(Math.min(...got) / MB).toFixed(1)}–${(Math.max(...got) / MB).toFixed(1)} MiB`,
      );
      expect(late.filter((d) => d.complete || d.bytes >= huge.length)).toEqual([]);
    } finally {
      readers.forEach((r) => r.destroy());
      await app.running.app.deps.store.put(key, big, 'image/png');
    }
  });
});
