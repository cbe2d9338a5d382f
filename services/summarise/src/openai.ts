/**
 * The OpenAI summariser: chat completions with a strict JSON schema, for OpenAI itself or any server that
 * speaks its API (Ollama, llama.cpp, vLLM). Their JSON-schema support differs, so the reply is always
 * validated with zod after stripping code fences (DESIGN §4). An unusable reply, a refusal or a server error
 * (5xx) is retried once, then the local summariser takes over, so an upload never fails because of a model;
 * timeouts, rate limits and connection errors are thrown: the queue retries the job.
 */
import type { DescribeRequest, Logger, SummariseRequest, Summariser, SummaryDraft } from '@snapnotes/contracts';
import OpenAI from 'openai';
import type {
  ChatCompletionContentPart,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import sharp from 'sharp';
import { z } from 'zod';
import { languageName } from './language.js';
import { TAGS_ASKED, kindInstructions, noteSchema, requestKind, structuredText, withFacts } from './openai-kinds.js';
import { MAX_KEY_POINTS, TITLE_MAX, normaliseDraft } from './text.js';

export interface OpenAISummariserOptions {
  client: OpenAI;
  model: string;
  /** Used for premium users' summaries when set. */
  premiumModel?: string;
  /** Used for image descriptions when set (else the premium or main model). */
  visionModel?: string;
  timeoutMs: number;
  logger: Logger;
  /** Takes over when the model's reply is unusable or the server refuses the request (the local summariser). */
  fallback: Summariser;
  /** Pause before retrying a request the server failed with a 5xx (default 300 ms). */
  serverErrorRetryMs?: number;
}

/** A failure the queue should retry: 5xx, 429, timeouts, connection errors. */
export class SummariserUnavailableError extends Error {
  readonly transient = true;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SummariserUnavailableError';
  }
}

/**
 * The JSON schema sent as `response_format` for prose and mixed uploads (strict mode: every property required, no
 * extra ones); each kind of page has its own with its facts (openai-kinds.ts).
 */
export const NOTE_JSON_SCHEMA = noteSchema(null);

const modelReplySchema = z.object({
  title: z.string().trim().min(1, 'title is empty'),
  keyPoints: z
    .union([
      z.array(z.string()),
      // Some local models return one string with a point per line.
      z.string().transform((s) => s.split(/\n+/)),
    ])
    .transform((points) => points.map((p) => p.trim()).filter(Boolean))
    .pipe(z.array(z.string()).min(1, 'keyPoints is empty')),
  detailedSummary: z.string().trim().min(1, 'detailedSummary is empty'),
  /**
   * Topic tags (issue 25). Not required: a reply without them (or with unusable ones) keeps its note, and the note is
   * tagged with its key words instead (tags.ts).
   */
  tags: z
    .unknown()
    .optional()
    .transform((t) => (Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : undefined)),
  /** The kind's facts (openai-kinds.ts), checked where they are used. */
  facts: z.unknown().optional(),
});

/** Removes a Markdown code fence around a reply (```json … ```), and any prose around a lone JSON object. */
export function stripCodeFences(content: string): string {
  const t = content.trim();
  const fenced = /^```[\w-]*[^\S\n]*\n?([\s\S]*?)\n?```$/.exec(t);
  if (fenced) return fenced[1]!.trim();
  const inner = /```[\w-]*\s*\n([\s\S]*?)\n```/.exec(t);
  if (inner && inner[1]!.trim().startsWith('{')) return inner[1]!.trim();
  if (!t.startsWith('{')) {
    const start = t.indexOf('{');
    const end = t.lastIndexOf('}');
    if (start >= 0 && end > start) return t.slice(start, end + 1);
  }
  return t;
}

/**
 * Parses and validates a model's reply; returns the draft fields or why it is unusable. The reason names what is
 * wrong (empty, not JSON and where, which fields fail the schema), never the reply's words: it is logged, and a
 * reply quotes the user's text.
 */
export function parseModelReply(
  content: string | null | undefined,
): { ok: true; value: z.infer<typeof modelReplySchema> } | { ok: false; reason: string } {
  if (!content || !content.trim()) return { ok: false, reason: 'empty reply' };
  let json: unknown;
  try {
    json = JSON.parse(stripCodeFences(content));
  } catch (err) {
    // V8's message quotes the start of the text ('Unexpected token 'H', "Here is th"...'): keep the position only.
    const at = /position (\d+)/.exec((err as Error).message)?.[1];
    return { ok: false, reason: at === undefined ? 'invalid JSON' : `invalid JSON (at position ${at})` };
  }
  const parsed = modelReplySchema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      reason: `reply does not match the schema: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.code === 'custom' || i.code === 'too_small' ? i.message : i.code}`).join('; ')}`,
    };
  }
  return { ok: true, value: parsed.data };
}

const SUMMARY_SYSTEM = `You turn text that OCR extracted from screenshots and photos into a study note.
Reply with a JSON object with exactly these keys:
- "title": a concise title for the whole text, at most ${TITLE_MAX} characters;
- "keyPoints": an array of 3 to ${MAX_KEY_POINTS} short key points (fewer only if the text is very short), each one sentence;
- "detailedSummary": a few well-formed paragraphs in Markdown that cover the text in order, keeping its headings and lists ("- item" lines). Do not copy a long text whole; a text of 80 words or more gets a summary of at most 60% of its words;
- "tags": ${TAGS_ASKED} short lower-case topic tags (one to three words each) to find the note again: its subject, place, shop, people or project; not the kind of page or its language.
Use only facts from the text; silently fix obvious OCR errors. Several pages are separated by lines like "--- page 2: name.png ---": cover every page. Table rows come as "| a | b |" lines, chat messages as "[left] Name: text" (someone else) and "[right] You: text" (the user).`;

const PREMIUM_EXTRA =
  '\nBe thorough: explain the relations between the ideas and keep every important figure, date and name.';

const DESCRIBE_SYSTEM = `You describe images that contain no readable text, for a note.
Reply with a JSON object with exactly these keys:
- "title": a concise title naming what the images show, at most ${TITLE_MAX} characters;
- "keyPoints": an array of 3 to ${MAX_KEY_POINTS} short facts (what is shown, notable objects or people, setting, colours, style);
- "detailedSummary": one paragraph per image describing it in plain text;
- "tags": ${TAGS_ASKED} short lower-case tags naming what is shown (one to three words each).
Describe only what is visible; do not guess names of real people.`;

const RETRY_INSTRUCTION =
  'Your previous reply was not valid JSON for the requested format. Reply again with only the JSON object with the keys "title", "keyPoints" (an array of strings), "detailedSummary" and "tags" (an array of strings) — no code fences, no other text.';

/** Longest side of images sent to a vision model: enough detail, far smaller requests than 10 MB originals. */
const VISION_MAX_SIDE = 1536;

type Failure = 'transient' | 'server-error' | 'bad-request' | 'refused';

function classify(err: unknown): Failure | null {
  if (err instanceof OpenAI.APIConnectionError) return 'transient'; // includes timeouts
  if (err instanceof OpenAI.APIError) {
    const status = err.status;
    if (status !== undefined && status >= 500) return 'server-error';
    if (status === undefined || status === 408 || status === 409 || status === 429) return 'transient';
    if (status === 400 || status === 413 || status === 422) return 'bad-request';
    return 'refused'; // 401, 403, 404: configuration (key, model name, endpoint)
  }
  return null;
}

function describeError(err: unknown): string {
  if (err instanceof OpenAI.APIError) return `${err.status ?? 'no status'} ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}

async function imagePart(image: DescribeRequest['images'][number]): Promise<ChatCompletionContentPart> {
  let data = image.data;
  let contentType = image.contentType;
  if (Math.max(image.width, image.height) > VISION_MAX_SIDE) {
    const resized = sharp(image.data).rotate().resize(VISION_MAX_SIDE, VISION_MAX_SIDE, { fit: 'inside' });
    data =
      contentType === 'image/png' ? await resized.png().toBuffer() : await resized.jpeg({ quality: 85 }).toBuffer();
    contentType = contentType === 'image/png' ? 'image/png' : 'image/jpeg';
  }
  return {
    type: 'image_url',
    image_url: { url: `data:${contentType};base64,${data.toString('base64')}`, detail: 'auto' },
  };
}

/** Creates a summariser over the OpenAI chat completions API. Engine name: `openai:<model used>`. */
export function createOpenAISummariser(opts: OpenAISummariserOptions): Summariser {
  if (!opts.model.trim()) throw new Error('createOpenAISummariser: model must not be empty');
  if (!(opts.timeoutMs > 0))
    throw new Error(`createOpenAISummariser: timeoutMs must be positive, got ${opts.timeoutMs}`);
  const log = opts.logger.child({ summariser: 'openai' });

  /**
   * Runs one completion with a retry on an unusable reply. Returns the draft, or null when the caller should
   * fall back to the local summariser. Throws SummariserUnavailableError on transient failures.
   */
  async function complete(
    op: 'summarise' | 'describe',
    model: string,
    messages: ChatCompletionMessageParam[],
    schema: { name: string } = NOTE_JSON_SCHEMA,
  ): Promise<(SummaryDraft & { facts?: unknown }) | null> {
    const engine = `openai:${model}`;
    const started = Date.now();
    let conversation = messages;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const body: ChatCompletionCreateParamsNonStreaming = {
        model,
        messages: conversation,
        response_format: {
          type: 'json_schema',
          json_schema: schema as unknown as OpenAI.ResponseFormatJSONSchema['json_schema'],
        },
        temperature: 0.2,
      };
      let completion: OpenAI.ChatCompletion;
      try {
        completion = await opts.client.chat.completions.create(body, { timeout: opts.timeoutMs, maxRetries: 0 });
      } catch (err) {
        const kind = classify(err);
        if (kind === 'server-error') {
          if (attempt === 1) {
            log.warn({ op, model, attempt, err: describeError(err) }, 'OpenAI server error; retrying once');
            await new Promise((resolve) => setTimeout(resolve, opts.serverErrorRetryMs ?? 300));
            continue;
          }
          log.warn(
            { op, model, attempt, err: describeError(err) },
            `OpenAI failed the ${op} twice; using the local summariser`,
          );
          return null;
        }
        if (kind === 'transient' || kind === null) {
          log.warn({ op, model, attempt, err: describeError(err) }, 'OpenAI request failed; the job will be retried');
          throw new SummariserUnavailableError(`OpenAI ${op} with ${model} failed: ${describeError(err)}`, {
            cause: err,
          });
        }
        const level = kind === 'refused' ? 'error' : 'warn';
        log[level](
          { op, model, attempt, err: describeError(err) },
          `OpenAI refused the ${op} request; using the local summariser`,
        );
        return null;
      }
      const choice = completion.choices[0];
      const message = choice?.message;
      // A refusal is logged as one, with its length: its words quote the user's text.
      const reply = message?.refusal
        ? ({ ok: false, reason: `model refused (${message.refusal.length} characters)` } as const)
        : parseModelReply(message?.content);
      if (reply.ok) {
        log.info(
          { op, model, attempt, ms: Date.now() - started, tokens: completion.usage?.total_tokens },
          `OpenAI ${op} done`,
        );
        return { ...reply.value, engine };
      }
      log.warn(
        {
          op,
          model,
          attempt,
          finishReason: choice?.finish_reason,
          reason: reply.reason,
          chars: message?.content?.length ?? 0,
        },
        'unusable OpenAI reply',
      );
      conversation = [
        ...messages,
        { role: 'assistant', content: message?.content ?? '' },
        { role: 'user', content: RETRY_INSTRUCTION },
      ];
    }
    log.warn({ op, model }, `OpenAI gave no usable ${op} reply after a retry; using the local summariser`);
    return null;
  }

  return {
    name: `openai:${opts.model}`,

    async summarise(req: SummariseRequest): Promise<SummaryDraft> {
      const model = req.premium && opts.premiumModel ? opts.premiumModel : opts.model;
      const language =
        req.language && req.language !== 'eng'
          ? `\nThe text is in ${languageName(req.language)}: write the note in ${languageName(req.language)}.`
          : '';
      // The page's kind picks what the model is asked for, and it reads the page's structure, not flat text.
      const kind = requestKind(req);
      const messages: ChatCompletionMessageParam[] = [
        {
          role: 'system',
          content: SUMMARY_SYSTEM + kindInstructions(kind) + (req.premium ? PREMIUM_EXTRA : '') + language,
        },
        { role: 'user', content: structuredText(req) },
      ];
      const draft = await complete('summarise', model, messages, noteSchema(kind));
      if (draft) {
        try {
          return normaliseDraft(withFacts(draft, kind, draft.facts));
        } catch (err) {
          log.warn({ model, err: (err as Error).message }, 'OpenAI summary incomplete; using the local summariser');
        }
      }
      return opts.fallback.summarise(req);
    },

    async describe(req: DescribeRequest): Promise<SummaryDraft> {
      const model = opts.visionModel ?? (req.premium && opts.premiumModel ? opts.premiumModel : opts.model);
      const intro = req.images
        .map((img, i) => `Image ${i + 1}: ${img.fileName}, ${img.width} × ${img.height} pixels`)
        .join('\n');
      const parts: ChatCompletionContentPart[] = [{ type: 'text', text: intro }];
      for (const image of req.images) parts.push(await imagePart(image));
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: DESCRIBE_SYSTEM },
        { role: 'user', content: parts },
      ];
      const draft = await complete('describe', model, messages);
      if (draft) {
        try {
          return normaliseDraft(draft);
        } catch (err) {
          log.warn({ model, err: (err as Error).message }, 'OpenAI description incomplete; using the local describer');
        }
      }
      return opts.fallback.describe(req);
    },
  };
}
