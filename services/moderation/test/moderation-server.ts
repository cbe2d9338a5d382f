/**
 * A tiny stand-in for an OpenAI-compatible server's /v1/moderations, on 127.0.0.1 with an ephemeral port.
 * Each test sets `reply` to decide the answer; every request body is recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';

export type ModerationInputItem = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface RecordedRequest {
  method: string;
  path: string;
  body: { model?: string; input?: ModerationInputItem[] };
}

export interface Reply {
  status: number;
  body?: unknown;
  /** Wait this long before answering (to provoke client timeouts). */
  delayMs?: number;
}

const CATEGORY_NAMES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/instructions',
  'self-harm/intent',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const;

/** A moderation response shaped like OpenAI's, flagging the given categories. */
export function moderationResponse(flaggedCategories: string[] = [], inputType: 'text' | 'image' = 'text'): object {
  const categories = Object.fromEntries(CATEGORY_NAMES.map((c) => [c, flaggedCategories.includes(c)]));
  const scores = Object.fromEntries(CATEGORY_NAMES.map((c) => [c, flaggedCategories.includes(c) ? 0.97 : 0.0004]));
  const applied = Object.fromEntries(CATEGORY_NAMES.map((c) => [c, flaggedCategories.includes(c) ? [inputType] : []]));
  return {
    id: 'modr-test',
    model: 'omni-moderation-2024-09-26',
    results: [
      {
        flagged: flaggedCategories.length > 0,
        categories,
        category_scores: scores,
        category_applied_input_types: applied,
      },
    ],
  };
}

export function errorReply(status: number, message: string): Reply {
  return { status, body: { error: { message, type: 'invalid_request_error', param: null, code: null } } };
}

export interface ModerationServer {
  baseURL: string;
  requests: RecordedRequest[];
  /** Decides the reply to each request; default: not flagged. */
  reply: (req: RecordedRequest) => Reply;
  client(opts?: { timeout?: number }): OpenAI;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startModerationServer(): Promise<ModerationServer> {
  const state: ModerationServer = {
    baseURL: '',
    requests: [],
    reply: () => ({ status: 200, body: moderationResponse() }),
    client: (opts = {}) =>
      new OpenAI({ apiKey: 'sk-test', baseURL: state.baseURL, maxRetries: 0, timeout: opts.timeout ?? 5_000 }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const raw = await readBody(req);
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        body: raw ? (JSON.parse(raw) as RecordedRequest['body']) : {},
      };
      state.requests.push(recorded);
      const reply =
        recorded.path === '/v1/moderations' && recorded.method === 'POST'
          ? state.reply(recorded)
          : errorReply(404, `no route ${recorded.method} ${recorded.path}`);
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (res.destroyed) return;
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    })();
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseURL = `http://127.0.0.1:${port}/v1`;
  const close = state.close;
  state.close = () => {
    server.closeAllConnections();
    return close();
  };
  return state;
}
