/**
 * A stand-in for the OpenAI REST API, for TESTS ONLY (DESIGN §3): point the `openai` SDK's `baseURL` at
 * `url` (and use `maxRetries: 0`). It answers like the real API, including its error bodies:
 *
 * - `POST /v1/chat/completions`: a `chat.completion` object. With `response_format.json_schema`, the content
 *   is JSON that satisfies the schema, computed deterministically from the first user message (a string
 *   property named like "title" gets the first line, arrays of strings the next lines, other strings the
 *   whole text). Behaviours: 'ok' | 'invalid-json' | 'code-fenced' | 'server-error' | 'slow' | 'reject-images'
 *   (400 for requests with image parts, as the real API does for models without vision).
 * - `POST /v1/moderations`: flags text containing `FLAG-ME` and `data:` image URLs whose decoded bytes contain
 *   `standin-flag` (see `markImageForStandinFlag`). Behaviours: 'ok' | 'missing' (404 like Ollama) |
 *   'server-error' | 'slow'.
 * - `GET /v1/models`.
 *
 * Every request needs `Authorization: Bearer <anything>`. Requests are recorded for assertions.
 */
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export type ChatBehaviour = 'ok' | 'invalid-json' | 'code-fenced' | 'server-error' | 'slow' | 'reject-images';
export type ModerationBehaviour = 'ok' | 'missing' | 'server-error' | 'slow';

/** Category scores recorded for one text (OpenAI's category names, 0–1); categories left out score near 0. */
export type ModerationScores = Partial<Record<(typeof MODERATION_CATEGORIES)[number], number>>;

export interface Behaviour {
  chat: ChatBehaviour;
  /** Behaviours for the next chat requests, one each, before `chat` applies again (e.g. ['invalid-json']). */
  chatQueue: ChatBehaviour[];
  moderation: ModerationBehaviour;
  /** How long 'slow' waits before answering. */
  slowMs: number;
  /**
   * Recorded category scores for text inputs: when it gives scores for a text, the reply carries them, with each
   * category's boolean set at 0.5 and `flagged` when any is (the real API's own cut-offs are undisclosed).
   */
  moderationScores: ((text: string) => ModerationScores | undefined) | null;
}

export interface RecordedImage {
  /** The image URL's media type for data: URLs, else null. */
  mimeType: string | null;
  /** Decoded size of a data: URL, else 0. */
  bytes: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** Whether a Bearer token was sent (the token itself is not kept). */
  authorized: boolean;
  /** The parsed JSON body, or undefined. */
  body: unknown;
  model: string | undefined;
  /** Image parts found in chat messages or moderation input. */
  images: RecordedImage[];
  /** The `response_format.type` of a chat request. */
  responseFormat: string | undefined;
  /** The behaviour applied to this request. */
  behaviour: string;
  status: number;
}

export interface OpenAIStandin {
  /** Base URL for the SDK, ending with /v1. */
  url: string;
  requests: RecordedRequest[];
  setBehaviour(b: Partial<Behaviour>): void;
  close(): Promise<void>;
}

export const STANDIN_FLAG_MARKER = 'standin-flag';
export const STANDIN_FLAG_TEXT = 'FLAG-ME';

const DEFAULT_MODELS = ['gpt-4o-mini', 'gpt-4o', 'omni-moderation-latest', 'text-moderation-latest'];

const MODERATION_CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
    readonly param: string | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'x-request-id': `req_standin_${Math.random().toString(36).slice(2, 10)}`,
  });
  res.end(text);
}

function sendError(res: ServerResponse, err: HttpError): void {
  sendJson(res, err.status, { error: { message: err.message, type: err.type, param: err.param, code: err.code } });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function decodeDataUrl(url: string): { mimeType: string; data: Buffer } | null {
  const m = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(url);
  if (!m) return null;
  const data = m[2] ? Buffer.from(m[3] ?? '', 'base64') : Buffer.from(decodeURIComponent(m[3] ?? ''), 'utf8');
  return { mimeType: m[1] ?? 'text/plain', data };
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonSchema = { [k: string]: unknown };

/** Builds a value that satisfies `schema`, filled deterministically from `lines` of source text. */
function instanceOf(schema: JsonSchema, name: string, lines: string[], root: JsonSchema, depth = 0): Json {
  if (depth > 8) return null;
  if (typeof schema.$ref === 'string') {
    const path = schema.$ref.replace(/^#\//, '').split('/');
    let target: unknown = root;
    for (const p of path) target = (target as Record<string, unknown> | undefined)?.[p];
    return instanceOf((target as JsonSchema) ?? {}, name, lines, root, depth + 1);
  }
  if ('const' in schema) return schema.const as Json;
  if (Array.isArray(schema.enum)) return (schema.enum[0] ?? null) as Json;
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(variants) && variants[0]) return instanceOf(variants[0], name, lines, root, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'null') : schema.type;
  const text = lines.join(' ');
  switch (type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const out: Record<string, Json> = {};
      for (const [key, sub] of Object.entries(props)) out[key] = instanceOf(sub, key, lines, root, depth + 1);
      return out;
    }
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : 6;
      const items = (schema.items ?? { type: 'string' }) as JsonSchema;
      const source = lines.length > 1 ? lines.slice(1) : lines;
      const count = Math.min(max, Math.max(min, Math.min(3, source.length) || 1));
      return Array.from({ length: count }, (_, i) =>
        items.type === 'string' || items.type === undefined
          ? (source[i] ?? `Point ${i + 1}`)
          : instanceOf(items, name, source.slice(i), root, depth + 1),
      );
    }
    case 'string': {
      let value = /title|name|heading|subject/i.test(name) ? (lines[0] ?? 'Untitled') : text || 'Empty';
      if (typeof schema.maxLength === 'number') value = value.slice(0, schema.maxLength);
      if (typeof schema.minLength === 'number' && value.length < schema.minLength)
        value = value.padEnd(schema.minLength, '.');
      return value;
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

interface ChatPart {
  type?: string;
  text?: string;
  image_url?: { url?: string } | string;
}

function partsOf(content: unknown): ChatPart[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? (content as ChatPart[]) : [];
}

function imageUrlOf(part: ChatPart): string | undefined {
  return typeof part.image_url === 'string' ? part.image_url : part.image_url?.url;
}

function recordImage(url: string): RecordedImage {
  const decoded = decodeDataUrl(url);
  return decoded ? { mimeType: decoded.mimeType, bytes: decoded.data.length } : { mimeType: null, bytes: 0 };
}

/** Starts the stand-in on 127.0.0.1 (a free port unless `port` is given). */
export async function startOpenAIStandin(opts: { port?: number; models?: string[] } = {}): Promise<OpenAIStandin> {
  const behaviour: Behaviour = { chat: 'ok', chatQueue: [], moderation: 'ok', slowMs: 5_000, moderationScores: null };
  const requests: RecordedRequest[] = [];
  const models = opts.models ?? DEFAULT_MODELS;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let counter = 0;

  const wait = (ms: number, res: ServerResponse) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve(!res.destroyed);
      }, ms);
      timers.add(timer);
      res.on('close', () => {
        if (timers.delete(timer)) {
          clearTimeout(timer);
          resolve(false);
        }
      });
    });

  async function chat(body: Record<string, unknown>, rec: RecordedRequest, res: ServerResponse): Promise<void> {
    if (typeof body.model !== 'string' || !body.model)
      throw new HttpError(400, 'you must provide a model parameter', 'invalid_request_error', 'model');
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      throw new HttpError(
        400,
        "Missing required parameter: 'messages'.",
        'invalid_request_error',
        'messages',
        'missing_required_parameter',
      );
    }
    if (body.stream)
      throw new HttpError(400, 'The stand-in does not stream; send stream: false.', 'invalid_request_error', 'stream');
    const messages = body.messages as { role?: string; content?: unknown }[];
    let imageParam: string | null = null;
    messages.forEach((m, i) =>
      partsOf(m.content).forEach((p, j) => {
        const url = p.type === 'image_url' ? imageUrlOf(p) : undefined;
        if (url !== undefined) {
          rec.images.push(recordImage(url));
          imageParam ??= `messages.[${i}].content.[${j}].type`;
        }
      }),
    );
    const responseFormat = body.response_format as
      { type?: string; json_schema?: { schema?: JsonSchema; name?: string } } | undefined;
    rec.responseFormat = responseFormat?.type;

    const mode = behaviour.chatQueue.shift() ?? behaviour.chat;
    rec.behaviour = mode;
    if (mode === 'server-error') {
      throw new HttpError(
        500,
        'The server had an error while processing your request. Sorry about that!',
        'server_error',
      );
    }
    if (mode === 'reject-images' && imageParam) {
      throw new HttpError(
        400,
        'Invalid content type. image_url is only supported by certain models.',
        'invalid_request_error',
        imageParam,
      );
    }
    if (mode === 'slow' && !(await wait(behaviour.slowMs, res))) return;

    // The first user message holds the material; later user turns are follow-up instructions (a retry).
    const firstUser = messages.find((m) => m.role === 'user');
    const userParts = partsOf(firstUser?.content);
    const images = userParts.filter((p) => p.type === 'image_url');
    const textLines = userParts
      .filter((p) => p.type === 'text' && typeof p.text === 'string')
      .flatMap((p) => p.text!.split('\n'))
      .map((l) => l.trim())
      .filter(Boolean);
    const lines = images.length
      ? [
          `Stand-in description of ${images.length} image${images.length === 1 ? '' : 's'}`,
          ...images.map((p, i) => `Image ${i + 1}: ${recordImage(imageUrlOf(p) ?? '').mimeType ?? 'remote'} image`),
          ...textLines,
        ]
      : textLines;

    let content: string;
    const schema = responseFormat?.type === 'json_schema' ? responseFormat.json_schema?.schema : undefined;
    if (schema)
      content = JSON.stringify(instanceOf(schema, responseFormat?.json_schema?.name ?? 'root', lines, schema));
    else if (responseFormat?.type === 'json_object')
      content = JSON.stringify({ title: lines[0] ?? '', text: lines.join(' ') });
    else content = lines.length ? `Summary: ${lines[0]}` : 'Hello! How can I help you today?';
    if (mode === 'code-fenced') content = `\`\`\`json\n${content}\n\`\`\``;
    if (mode === 'invalid-json')
      content = `{"title": ${JSON.stringify(lines[0] ?? 'Broken')}, "keyPoints": ["unterminated`;

    const promptTokens = Math.ceil(JSON.stringify(messages).length / 4);
    const completionTokens = Math.ceil(content.length / 4);
    sendJson(res, 200, {
      id: `chatcmpl-standin${++counter}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
      service_tier: 'default',
      system_fingerprint: 'fp_standin',
    });
    rec.status = 200;
  }

  async function moderation(body: Record<string, unknown>, rec: RecordedRequest, res: ServerResponse): Promise<void> {
    const mode = behaviour.moderation;
    rec.behaviour = mode;
    if (mode === 'missing') {
      // Ollama (and llama.cpp, vLLM) have no /v1/moderations: a plain-text 404.
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('404 page not found');
      rec.status = 404;
      return;
    }
    if (mode === 'server-error')
      throw new HttpError(
        500,
        'The server had an error while processing your request. Sorry about that!',
        'server_error',
      );
    const input = body.input;
    if (input === undefined || input === null || (Array.isArray(input) && input.length === 0)) {
      throw new HttpError(
        400,
        "Missing required parameter: 'input'.",
        'invalid_request_error',
        'input',
        'missing_required_parameter',
      );
    }
    if (mode === 'slow' && !(await wait(behaviour.slowMs, res))) return;

    type Check = {
      text: boolean;
      image: boolean;
      flaggedText: boolean;
      flaggedImage: boolean;
      recorded?: ModerationScores;
    };
    const check = (item: unknown, acc: Check): Check => {
      if (typeof item === 'string') {
        const recorded = behaviour.moderationScores?.(item) ?? acc.recorded;
        return { ...acc, text: true, flaggedText: acc.flaggedText || item.includes(STANDIN_FLAG_TEXT), recorded };
      }
      const part = item as ChatPart;
      if (part?.type === 'text' && typeof part.text === 'string') return check(part.text, acc);
      const url = part?.type === 'image_url' ? imageUrlOf(part) : undefined;
      if (url !== undefined) {
        rec.images.push(recordImage(url));
        const decoded = decodeDataUrl(url);
        return {
          ...acc,
          image: true,
          flaggedImage: acc.flaggedImage || (decoded?.data.includes(STANDIN_FLAG_MARKER) ?? false),
        };
      }
      throw new HttpError(
        400,
        `Invalid value for 'input': expected a string, an array of strings or of text/image_url parts.`,
        'invalid_request_error',
        'input',
      );
    };
    const empty: Check = { text: false, image: false, flaggedText: false, flaggedImage: false };
    // A string or string[] gets one result per string; an array of parts is one multi-modal input, one result.
    const groups: Check[] =
      typeof input === 'string'
        ? [check(input, empty)]
        : Array.isArray(input) && input.every((i) => typeof i === 'string')
          ? input.map((i) => check(i, empty))
          : Array.isArray(input)
            ? [input.reduce<Check>((acc, i) => check(i, acc), empty)]
            : [check(input, empty)];

    const results = groups.map((g) => {
      const categories: Record<string, boolean> = {};
      const scores: Record<string, number> = {};
      const applied: Record<string, string[]> = {};
      for (const c of MODERATION_CATEGORIES) {
        const hit = (c === 'harassment' && g.flaggedText) || (c === 'sexual' && (g.flaggedImage || g.flaggedText));
        const recorded = g.recorded?.[c];
        categories[c] = recorded !== undefined ? recorded >= 0.5 : hit;
        scores[c] = recorded ?? (hit ? 0.97 : 0.0001);
        const types = ['text'];
        if (
          g.image &&
          [
            'sexual',
            'violence',
            'violence/graphic',
            'self-harm',
            'self-harm/intent',
            'self-harm/instructions',
          ].includes(c)
        )
          types.push('image');
        applied[c] = g.text ? types : types.filter((t) => t === 'image');
      }
      return {
        flagged: Object.values(categories).some(Boolean),
        categories,
        category_scores: scores,
        category_applied_input_types: applied,
      };
    });
    sendJson(res, 200, {
      id: `modr-standin${++counter}`,
      model: typeof body.model === 'string' ? body.model : 'omni-moderation-latest',
      results,
    });
    rec.status = 200;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const rec: RecordedRequest = {
        method: req.method ?? 'GET',
        path,
        authorized: false,
        body: undefined,
        model: undefined,
        images: [],
        responseFormat: undefined,
        behaviour: 'ok',
        status: 0,
      };
      requests.push(rec);
      try {
        const raw = await readBody(req);
        const auth = req.headers.authorization;
        rec.authorized = typeof auth === 'string' && /^Bearer\s+\S+/.test(auth);
        let body: Record<string, unknown> = {};
        if (raw) {
          try {
            body = JSON.parse(raw) as Record<string, unknown>;
          } catch {
            throw new HttpError(
              400,
              "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly.)",
            );
          }
          rec.body = body;
          if (typeof body.model === 'string') rec.model = body.model;
        }
        if (!rec.authorized) {
          throw new HttpError(
            401,
            "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
          );
        }
        const route = `${rec.method} ${path}`;
        if (route === 'POST /v1/chat/completions') await chat(body, rec, res);
        else if (route === 'POST /v1/moderations') await moderation(body, rec, res);
        else if (route === 'GET /v1/models') {
          sendJson(res, 200, {
            object: 'list',
            data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'standin' })),
          });
          rec.status = 200;
        } else if (rec.method === 'GET' && path.startsWith('/v1/models/')) {
          const id = decodeURIComponent(path.slice('/v1/models/'.length));
          if (!models.includes(id))
            throw new HttpError(
              404,
              `The model '${id}' does not exist`,
              'invalid_request_error',
              'model',
              'model_not_found',
            );
          sendJson(res, 200, { id, object: 'model', created: 1_700_000_000, owned_by: 'standin' });
          rec.status = 200;
        } else {
          throw new HttpError(404, `Invalid URL (${rec.method} ${path})`);
        }
      } catch (err) {
        const e =
          err instanceof HttpError
            ? err
            : new HttpError(500, `Stand-in failure: ${(err as Error).message}`, 'server_error');
        rec.status = e.status;
        if (!res.headersSent && !res.destroyed) sendError(res, e);
      }
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setBehaviour(b) {
      if (b.chat !== undefined) behaviour.chat = b.chat;
      if (b.chatQueue !== undefined) behaviour.chatQueue = [...b.chatQueue];
      if (b.moderation !== undefined) behaviour.moderation = b.moderation;
      if (b.moderationScores !== undefined) behaviour.moderationScores = b.moderationScores;
      if (b.slowMs !== undefined) {
        if (!(b.slowMs >= 0)) throw new Error(`slowMs must be a non-negative number, got ${b.slowMs}`);
        behaviour.slowMs = b.slowMs;
      }
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([len, typeAndData, crc]);
}

/**
 * Returns a copy of a PNG or JPEG image that the stand-in's moderation flags: the marker goes into a PNG
 * tEXt chunk (after IHDR) or a JPEG comment segment (after SOI). The pixels are unchanged and the result
 * is checked to decode.
 */
export async function markImageForStandinFlag(buf: Buffer): Promise<Buffer> {
  const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let out: Buffer;
  if (buf.length > 33 && buf.subarray(0, 8).equals(PNG_SIG)) {
    // Signature (8) + IHDR chunk (4 length + 4 type + 13 data + 4 crc) = 33 bytes.
    if (buf.toString('latin1', 12, 16) !== 'IHDR')
      throw new Error('markImageForStandinFlag: PNG does not start with an IHDR chunk');
    const text = pngChunk('tEXt', Buffer.from(`Comment\0${STANDIN_FLAG_MARKER}`, 'latin1'));
    out = Buffer.concat([buf.subarray(0, 33), text, buf.subarray(33)]);
  } else if (buf.length > 4 && buf[0] === 0xff && buf[1] === 0xd8) {
    const comment = Buffer.from(STANDIN_FLAG_MARKER, 'latin1');
    const header = Buffer.from([0xff, 0xfe, 0, 0]);
    header.writeUInt16BE(comment.length + 2, 2);
    out = Buffer.concat([buf.subarray(0, 2), header, comment, buf.subarray(2)]);
  } else {
    throw new Error('markImageForStandinFlag: expected a PNG or JPEG image');
  }
  await sharp(out).metadata(); // throws if the result no longer decodes
  return out;
}
