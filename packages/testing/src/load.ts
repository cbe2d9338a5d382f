/**
 * A steady stream of uploads from a few clients, each a user of its own sending one upload after the other (a
 * closed loop: during a fault a client waits for its answer, as a person would). Every request goes on a new
 * connection, so a gateway that restarts can only refuse a connection (nothing sent: the client tries again)
 * and never cut a reused keep-alive one. Each answer is kept as an Outcome: status, timing, the note id.
 * Used by the chaos test and `pnpm bench:soak`.
 */
import { request } from 'node:http';
import { renderScreenshot } from './images.js';
import { sleep } from './processes.js';

export interface Outcome {
  client: number;
  requestId: string;
  images: number;
  started: number;
  ended: number;
  /** The HTTP status, 'network' for a connection that broke after it was made, 'timeout' for no answer in time. */
  status: number | 'network' | 'timeout';
  noteId?: number;
  error?: string;
  message?: string;
  /** The Retry-After header of a refusal (a 503 or 429). */
  retryAfter?: string;
}

export interface SteadyLoadOptions {
  /** The gateway's origin, asked again for every request (a restarted gateway keeps its port). */
  url: () => string;
  tokens: string[];
  /** Pause between one client's answer and its next upload. */
  pauseMs?: number;
  /** A request with no answer after this long is a 'timeout'. */
  timeoutMs: number;
  /** Images in the n-th upload of a client (default: every fourth has two). */
  imagesFor?: (n: number) => number;
  /** Something else a client does after each upload (the soak's reads). */
  between?: (client: number) => Promise<void>;
  prefix?: string;
}

class Refused extends Error {}

/** POST /api/process-screenshots on a connection of its own; rejects with Refused when nothing was sent. */
async function post(url: string, token: string, requestId: string, files: Buffer[], timeoutMs: number) {
  const form = new FormData();
  files.forEach((f, i) => form.append('images', new Blob([new Uint8Array(f)], { type: 'image/png' }), `p${i}.png`));
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Promise<{ status: number; body: string; retryAfter?: string }>((resolve, reject) => {
    const req = request(`${url}/api/process-screenshots`, {
      method: 'POST',
      agent: false,
      timeout: timeoutMs,
      headers: {
        authorization: `Bearer ${token}`,
        'x-request-id': requestId,
        'content-type': encoded.headers.get('content-type')!,
        'content-length': String(body.length),
      },
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('no answer in time'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ECONNREFUSED' ? new Refused() : err));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const retryAfter = res.headers['retry-after'];
        const body = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, body, ...(retryAfter ? { retryAfter } : {}) });
      });
      res.on('error', reject);
    });
    req.end(body);
  });
}

export class SteadyLoad {
  readonly outcomes: Outcome[] = [];
  /** Connections refused (a gateway restarting): tried again, not outcomes. */
  refused = 0;
  private readonly inflight = new Map<string, number>();
  private stopping = false;
  private loops: Promise<void>[] = [];

  constructor(private readonly opts: SteadyLoadOptions) {}

  start(): void {
    this.loops = this.opts.tokens.map((token, client) => this.loop(client, token));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.loops);
  }

  /** Request ids in flight right now. */
  inFlight(): string[] {
    return [...this.inflight.keys()];
  }

  outcome(requestId: string): Outcome | undefined {
    return this.outcomes.find((o) => o.requestId === requestId);
  }

  /** Waits until every one of `requestIds` has its answer; returns their outcomes. */
  async answered(requestIds: readonly string[], timeoutMs: number): Promise<Outcome[]> {
    const until = Date.now() + timeoutMs;
    while (requestIds.some((id) => this.inflight.has(id))) {
      if (Date.now() > until) throw new Error(`requests still unanswered after ${timeoutMs} ms: ${requestIds}`);
      await sleep(20);
    }
    return requestIds.flatMap((id) => this.outcome(id) ?? []);
  }

  /** The first outcome with this status that started at or after `since`. */
  async firstAfter(since: number, status: number, timeoutMs: number): Promise<Outcome> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.outcomes.find((o) => o.started >= since && o.status === status);
      if (found) return found;
      if (Date.now() > until) throw new Error(`no ${status} for a request sent after the fault in ${timeoutMs} ms`);
      await sleep(20);
    }
  }

  private async loop(client: number, token: string): Promise<void> {
    const imagesFor = this.opts.imagesFor ?? ((n: number) => (n % 4 === 3 ? 2 : 1));
    for (let n = 0; !this.stopping; n++) {
      const requestId = `${this.opts.prefix ?? 'load'}-${client}-${n}-${Date.now().toString(36)}`;
      const images = imagesFor(n);
      const files = await Promise.all(
        Array.from({ length: images }, (_, page) =>
          renderScreenshot({
            lines: [`Upload ${n} page ${page + 1} from client ${client}`, 'A steady stream of screenshots'],
            width: 640,
            height: 360,
          }),
        ),
      );
      const outcome = await this.send(client, token, requestId, files);
      if (outcome) this.outcomes.push(outcome);
      this.inflight.delete(requestId);
      if (this.opts.between && !this.stopping) await this.opts.between(client);
      if (this.opts.pauseMs) await sleep(this.opts.pauseMs);
    }
  }

  private async send(client: number, token: string, requestId: string, files: Buffer[]): Promise<Outcome | null> {
    const started = Date.now();
    this.inflight.set(requestId, started);
    const base = { client, requestId, images: files.length, started };
    for (;;) {
      try {
        const res = await post(this.opts.url(), token, requestId, files, this.opts.timeoutMs);
        let body: { id?: number; error?: string; message?: string } = {};
        try {
          body = JSON.parse(res.body) as typeof body;
        } catch {
          body = { message: res.body.slice(0, 200) };
        }
        const note = res.status === 200 ? { noteId: body.id } : { error: body.error, message: body.message };
        const retry = res.retryAfter ? { retryAfter: res.retryAfter } : {};
        return { ...base, ended: Date.now(), status: res.status, ...note, ...retry };
      } catch (err) {
        if (err instanceof Refused) {
          this.refused++;
          if (this.stopping) return null;
          await sleep(200);
          continue;
        }
        const code = (err as NodeJS.ErrnoException).code;
        const status = code === 'TIMEOUT' ? 'timeout' : 'network';
        return { ...base, ended: Date.now(), status, error: code, message: (err as Error).message };
      }
    }
  }
}
