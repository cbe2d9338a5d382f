/**
 * The per-route body deadline (body-deadline.ts) over real HTTP: a body still arriving at its route's deadline is cut
 * with Node's 408, a route given a longer deadline takes a slower body whole, and a reply that takes longer than the
 * deadline after its body arrived is never cut.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBodyDeadline } from '../src/body-deadline.js';

const DEFAULT_MS = 400;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  app = Fastify({ requestTimeout: 0 });
  registerBodyDeadline(app, DEFAULT_MS);
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const length = (body: unknown) => ({ bytes: (body as Buffer).length });
  app.post('/short', async (req) => length(req.body));
  app.post('/long', { config: { bodyDeadlineMs: 5_000 } }, async (req) => length(req.body));
  app.post('/slow-reply', async (req) => {
    await new Promise((r) => setTimeout(r, DEFAULT_MS * 3));
    return length(req.body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app?.close());

/** Sends `chunks` chunks of 1 KiB, `paceMs` apart; resolves with the status (0: the connection closed with none). */
function trickle(path: string, chunks: number, paceMs: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(chunks * 1024) },
      agent: false,
    });
    let settled = false;
    const settle = (status: number, body = '') => {
      if (settled) return;
      settled = true;
      resolve({ status, body });
    };
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => settle(res.statusCode ?? 0, body));
      res.on('error', () => settle(res.statusCode ?? 0, body));
    });
    req.on('error', () => settle(0));
    let sent = 0;
    const next = () => {
      if (req.destroyed || settled) return;
      req.write(Buffer.alloc(1024, 0x61));
      if (++sent === chunks) req.end();
      else setTimeout(next, paceMs);
    };
    next();
  });
}

describe('the body deadline', () => {
  it("cuts a body still arriving at its route's deadline with a 408", async () => {
    const started = Date.now();
    const reply = await trickle('/short', 12, 100); // 1.1 s of body against 0.4 s
    expect(reply.status).toBe(408);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('takes the same body whole on a route with a longer deadline', async () => {
    const reply = await trickle('/long', 12, 100);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ bytes: 12 * 1024 });
  });

  it('never cuts a reply that takes longer than the deadline once the body has arrived', async () => {
    const reply = await trickle('/slow-reply', 2, 10);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ bytes: 2 * 1024 });
  });
});
