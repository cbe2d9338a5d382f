/**
 * A slow Stripe for tests: an HTTP proxy in front of the Stripe stand-in that holds the requests a test chooses
 * (e.g. every `GET /v1/subscriptions/…`) until it opens the gate, like Stripe taking its time to answer. Point
 * STRIPE_API_BASE at `url`. A held request is forwarded when the gate opens, or after `maxHoldMs` at the latest (so a
 * failing test cannot hang for ever).
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface StripeGate {
  url: string;
  /** Requests held right now. */
  readonly held: number;
  /** From now on, hold the requests this matches (method and path). */
  hold(match: (method: string, path: string) => boolean): void;
  /** Forwards every held request and stops holding. */
  open(): void;
  /** Resolves once at least `count` requests are held (rejects after `timeoutMs`). */
  waitForHeld(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startStripeGate(target: string, opts: { maxHoldMs?: number } = {}): Promise<StripeGate> {
  const upstream = new URL(target);
  const maxHoldMs = opts.maxHoldMs ?? 15_000;
  let match: ((method: string, path: string) => boolean) | null = null;
  let waiting: Array<() => void> = [];
  const sockets = new Set<Socket>();
  const openGate = () => {
    match = null;
    for (const release of [...waiting]) release();
  };

  function forward(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    out.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
    out.end(body);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? '/', 'http://gate').pathname;
      if (!match?.(req.method ?? 'GET', path)) return forward(req, res, body);
      let done = false;
      const release = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        waiting = waiting.filter((w) => w !== release);
        forward(req, res, body);
      };
      const timer = setTimeout(release, maxHoldMs);
      waiting.push(release);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    get held() {
      return waiting.length;
    },
    hold(m) {
      match = m;
    },
    open: openGate,
    async waitForHeld(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (waiting.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${waiting.length} of ${count} Stripe requests arrived`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      openGate();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
