/**
 * OpenAI moderation (`/v1/moderations`, omni-moderation-latest): the request both the text and the image checks make,
 * and how its category scores decide (not its own `flagged`: that flags swearing as harassment).
 *
 * Errors: 404 / 405 / 501 mean the server has no moderation endpoint (Ollama, llama.cpp and vLLM don't) and throw
 * ModerationUnavailableError so the caller can fall back to the local checks; anything else (5xx, 429, timeouts,
 * connection errors, malformed replies) is rethrown as is, a transient fault the queue retries.
 */
import OpenAI from 'openai';
import type { Logger, TextModerator, TextToModerate, TextVerdict, WordConfidence } from '@snapnotes/contracts';
import { MIN_WORD_CONFIDENCE } from './filter.js';

export const OPENAI_MODERATION_MODEL = 'omni-moderation-latest';

/** HTTP statuses meaning "this server does not implement /v1/moderations". */
const UNAVAILABLE_STATUSES = new Set([404, 405, 501]);

export class ModerationUnavailableError extends Error {
  readonly status: number | undefined;
  constructor(status: number | undefined, cause?: unknown) {
    super(
      `The OpenAI-compatible server has no moderation endpoint (HTTP ${String(status)} from /v1/moderations); use local checks instead`,
      { cause },
    );
    this.name = 'ModerationUnavailableError';
    this.status = status;
  }
}

export function isModerationUnavailable(err: unknown): err is ModerationUnavailableError {
  return err instanceof ModerationUnavailableError;
}

export type ModerationInput = OpenAI.Moderations.ModerationMultiModalInput;
export type CategoryScores = Readonly<Record<string, number>>;

/** One moderation request; returns the first result's category scores. */
export async function requestModerationScores(
  client: OpenAI,
  input: ModerationInput[],
  model = OPENAI_MODERATION_MODEL,
): Promise<CategoryScores> {
  let response: OpenAI.Moderations.ModerationCreateResponse;
  try {
    response = await client.moderations.create({ model, input });
  } catch (err) {
    if (err instanceof OpenAI.APIError && err.status !== undefined && UNAVAILABLE_STATUSES.has(err.status)) {
      throw new ModerationUnavailableError(err.status, err);
    }
    throw err;
  }
  const result = Array.isArray(response?.results) ? response.results[0] : undefined;
  const scores = result?.category_scores as unknown;
  if (!result || typeof scores !== 'object' || scores === null) {
    throw new Error('OpenAI moderation returned no result (expected results[0].category_scores)');
  }
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(scores)) if (typeof value === 'number') out[name] = value;
  return out;
}

/**
 * The category scores at or above which text is rejected (docs/DECISIONS.md). Categories not listed never reject
 * text: harassment (insults, swearing), violence (news, history, crime), violence/graphic (medicine, war, crime
 * reports), self-harm and self-harm/intent (a person's own notes about how they feel), illicit and illicit/violent
 * (drug and crime lectures, the news).
 */
export const TEXT_SCORE_THRESHOLDS: Readonly<Record<string, number>> = {
  'sexual/minors': 0.3,
  sexual: 0.8,
  hate: 0.8,
  'hate/threatening': 0.6,
  'harassment/threatening': 0.8,
  'self-harm/instructions': 0.8,
};

export interface ScoreDecision {
  flagged: boolean;
  /** The deciding category: the one furthest over its threshold (relative to it). */
  category?: string;
  score?: number;
  threshold?: number;
}

/** Compares each category's score with its threshold. */
export function decideByScores(scores: CategoryScores, thresholds: Readonly<Record<string, number>>): ScoreDecision {
  let best: ScoreDecision = { flagged: false };
  let bestRatio = 0;
  for (const [category, threshold] of Object.entries(thresholds)) {
    const score = scores[category];
    if (score === undefined || !(score >= threshold)) continue;
    const ratio = score / threshold;
    if (ratio > bestRatio) {
      bestRatio = ratio;
      best = { flagged: true, category, score, threshold };
    }
  }
  return best;
}

/**
 * The text without the words OCR was unsure of (blanked, so offsets stay put): they never flag locally, and the
 * model is not shown them either.
 */
export function withoutUncertainWords(
  text: string,
  uncertain: readonly WordConfidence[] | undefined,
  minConfidence = MIN_WORD_CONFIDENCE,
): string {
  if (!uncertain?.length) return text;
  let out = '';
  let at = 0;
  for (const [start, end, confidence] of [...uncertain].sort((a, b) => a[0] - b[0])) {
    if (confidence >= minConfidence || start < at) continue;
    out += text.slice(at, start) + ' '.repeat(Math.max(0, Math.min(end, text.length) - start));
    at = Math.min(end, text.length);
  }
  return out + text.slice(at);
}

export interface OpenAITextModeratorOptions {
  client: OpenAI;
  logger: Logger;
  model?: string;
  thresholds?: Readonly<Record<string, number>>;
  /** Words under this OCR confidence are blanked before the text is sent (default MIN_WORD_CONFIDENCE). */
  minConfidence?: number;
}

export function createOpenAITextModerator(opts: OpenAITextModeratorOptions): TextModerator {
  const thresholds = opts.thresholds ?? TEXT_SCORE_THRESHOLDS;
  return {
    name: 'openai',
    async check(input: TextToModerate): Promise<TextVerdict> {
      if (typeof input?.text !== 'string') throw new TypeError('Text to moderate must be a string');
      const text = withoutUncertainWords(input.text, input.uncertain, opts.minConfidence);
      if (text.trim() === '') return { flagged: false };
      const scores = await requestModerationScores(opts.client, [{ type: 'text', text }], opts.model);
      const d = decideByScores(scores, thresholds);
      if (!d.flagged) return { flagged: false };
      return {
        flagged: true,
        category: d.category,
        rule: `openai.${d.category}>=${d.threshold}`,
        reason: `openai:${d.category} ${d.score!.toFixed(2)}`,
      };
    },
  };
}
