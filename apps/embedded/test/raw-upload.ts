/**
 * Upload bodies streamed from generators over raw node:http, for the admission tests (upload-admission.int.test.ts,
 * upload-stalls.int.test.ts): a reply can arrive while the body is still being sent, a body can stop (stall) or
 * trickle, and nothing is held in the test's memory.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdirSync, statSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';

export const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x41); // one chunk, sent again and again

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: { error?: string; message?: string; upgradeRequired?: boolean };
}

export interface RawUpload {
  reply: Promise<RawReply>;
  /** Bytes of body written so far. */
  sent(): number;
  /** When the last body bytes were written (Date.now()). */
  lastSentAt(): number;
  /** Whether the reply has arrived. */
  replied(): boolean;
  /** Drops the connection (a client abort). */
  abort(): void;
}

export interface RawUploadOptions {
  parts: number;
  partBytes: number;
  contentLength?: number;
  /** Stop sending after this many bytes and hold the connection open. */
  stallAfter?: number;
  /** Wait this long before each 64 KiB chunk of file data (a trickling body). */
  paceMs?: number;
  /** The route (default: the upload's). */
  path?: string;
  /** A real file sent whole as the first part, before the filler parts. */
  firstFile?: { name: string; data: Buffer };
}

/**
 * POSTs a multipart body made of `parts` files of `partBytes` bytes each (filler, not images), chunked unless
 * `contentLength` is given. Sending stops as soon as the reply arrives.
 */
export function rawUpload(url: string, token: string, opts: RawUploadOptions): RawUpload {
  const boundary = `----snapnotes${randomUUID()}`;
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'content-type': `multipart/form-data; boundary=${boundary}`,
  };
  if (opts.contentLength !== undefined) headers['content-length'] = String(opts.contentLength);
  const req = request(`${url}${opts.path ?? '/api/process-screenshots'}`, { method: 'POST', headers, agent: false });
  let sent = 0;
  let lastSentAt = Date.now();
  let replied = false;
  let stopped = false;
  const closed = once(req, 'close').catch(() => undefined);
  const reply = new Promise<RawReply>((resolve, reject) => {
    req.on('response', (res) => {
      replied = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text ? (JSON.parse(text) as RawReply['body']) : {},
        });
        req.destroy();
      });
    });
    req.on('error', (err) => {
      if (!replied) reject(err);
    });
  });
  reply.catch(() => undefined); // an aborted upload's reply is never awaited
  function* body() {
    if (opts.firstFile) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${opts.firstFile.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      yield opts.firstFile.data;
      yield Buffer.from('\r\n');
    }
    for (let p = 0; p < opts.parts; p++) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="part-${p + 1}.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      );
      for (let left = opts.partBytes; left > 0; left -= CHUNK.length) {
        yield left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
      }
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  void (async () => {
    for (const chunk of body()) {
      if (opts.paceMs && chunk.length === CHUNK.length) {
        await Promise.race([new Promise((r) => setTimeout(r, opts.paceMs)), closed]);
      }
      if (replied || stopped || req.destroyed) return;
      if (opts.stallAfter !== undefined && sent >= opts.stallAfter) {
        await closed; // held open until the reply or an abort
        return;
      }
      sent += chunk.length;
      lastSentAt = Date.now();
      if (!req.write(chunk)) await Promise.race([once(req, 'drain').catch(() => undefined), closed]);
    }
    if (!replied && !req.destroyed) req.end();
  })().catch(() => undefined);
  return {
    reply,
    sent: () => sent,
    lastSentAt: () => lastSentAt,
    replied: () => replied,
    abort() {
      stopped = true;
      req.destroy();
    },
  };
}

export async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Files under the upload temp folder, at any depth. */
export function tempFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((p) => statSync(join(dir, p)).isFile());
}
