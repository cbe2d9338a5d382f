/**
 * The product's text check: the local filter always, and OpenAI moderation as well when it is configured.
 *
 * OPENAI_MODERATION:
 *   - 'off':  local checks only.
 *   - 'auto' (default): OpenAI as well when it is configured (OPENAI_API_KEY or OPENAI_BASE_URL). If the server turns
 *     out to have no /v1/moderations (Ollama, llama.cpp, vLLM), log it once and keep to the local checks, for the
 *     life of the process.
 *   - 'on':   OpenAI is required: startup fails when it is not configured, and a server without the endpoint makes
 *     every check fail (logged once) instead of silently moderating less.
 * Both run on every page; a page is flagged when either flags it. Transient OpenAI errors propagate so the queue
 * retries the job. The image checks (services/moderation) use the same gate for their OpenAI calls.
 */
import type OpenAI from 'openai';
import type { Logger, TextModerator, TextToModerate, TextVerdict } from '@snapnotes/contracts';
import { createLocalTextFilter, type LocalTextFilterOptions } from './filter.js';
import { ModerationUnavailableError, createOpenAITextModerator } from './openai.js';

export type OpenAIModerationMode = 'auto' | 'on' | 'off';

export interface TextModerationConfig {
  openaiEnabled: boolean;
  OPENAI_MODERATION: OpenAIModerationMode;
}

export interface OpenAIGate {
  /** Whether OpenAI moderation is in use (configured, and its endpoint not found missing). */
  readonly active: boolean;
  /** Runs an OpenAI call: undefined when OpenAI is off, or its endpoint is missing in 'auto' mode. */
  run<T>(call: (client: OpenAI) => Promise<T>): Promise<T | undefined>;
}

/**
 * Decides, once per process, whether OpenAI moderation is used (see the modes above). `what` names the checks for
 * the logs ("text", "images"); `fallback` says what is left when the endpoint is missing.
 */
export function createOpenAIGate(opts: {
  config: TextModerationConfig;
  openai?: OpenAI;
  logger: Logger;
  fallback: string;
}): OpenAIGate {
  const { config, logger } = opts;
  const mode = config.OPENAI_MODERATION;
  if (!['auto', 'on', 'off'].includes(mode)) {
    throw new Error(`OPENAI_MODERATION must be auto, on or off, got ${String(mode)}`);
  }
  let client: OpenAI | undefined;
  if (mode !== 'off' && config.openaiEnabled && opts.openai) client = opts.openai;
  else if (mode === 'on') {
    throw new Error(
      'OPENAI_MODERATION=on requires OpenAI: set OPENAI_API_KEY or OPENAI_BASE_URL (or use OPENAI_MODERATION=auto)',
    );
  } else if (mode === 'auto' && config.openaiEnabled && !opts.openai) {
    logger.warn('OpenAI is configured but no client was given to moderation: using local checks only');
  }
  let unavailable = false;
  let reported = false;
  return {
    get active() {
      return client !== undefined && !unavailable;
    },
    async run<T>(call: (c: OpenAI) => Promise<T>): Promise<T | undefined> {
      if (!client || unavailable) return undefined;
      try {
        return await call(client);
      } catch (err) {
        if (!(err instanceof ModerationUnavailableError)) throw err;
        if (mode === 'on') {
          if (!reported) {
            reported = true;
            logger.error(
              { status: err.status },
              'OPENAI_MODERATION=on but the OpenAI-compatible server has no /v1/moderations: moderation fails until it is fixed',
            );
          }
          throw err;
        }
        unavailable = true;
        if (!reported) {
          reported = true;
          logger.warn({ status: err.status }, `OpenAI-compatible server has no /v1/moderations: ${opts.fallback}`);
        }
        return undefined;
      }
    },
  };
}

export interface CreateTextModeratorOptions {
  config: TextModerationConfig;
  /** The configured OpenAI client (with the app's baseURL, key and timeout); required when OpenAI is enabled. */
  openai?: OpenAI;
  logger: Logger;
  /** Options of the local filter (tests). */
  local?: LocalTextFilterOptions;
  /** Score thresholds for OpenAI's categories (default TEXT_SCORE_THRESHOLDS). */
  thresholds?: Readonly<Record<string, number>>;
}

/** Joins verdicts: flagged when any is; the first flagged one decides the category and rule. */
export function combineTextVerdicts(verdicts: readonly (TextVerdict | undefined)[]): TextVerdict {
  const ignored: Record<string, number> = {};
  for (const v of verdicts) for (const [k, n] of Object.entries(v?.ignored ?? {})) ignored[k] = (ignored[k] ?? 0) + n;
  const flagged = verdicts.filter((v): v is TextVerdict => v?.flagged === true);
  const extra = Object.keys(ignored).length > 0 ? { ignored } : {};
  if (flagged.length === 0) return { flagged: false, ...extra };
  const first = flagged[0]!;
  return {
    flagged: true,
    category: first.category,
    rule: first.rule,
    reason: flagged.map((v) => v.reason ?? v.rule ?? 'flagged').join('; '),
    ...extra,
  };
}

export function createTextModerator(opts: CreateTextModeratorOptions): TextModerator {
  const logger = opts.logger.child({ component: 'text-moderation' });
  const gate = createOpenAIGate({
    config: opts.config,
    openai: opts.openai,
    logger,
    fallback: 'text is checked by the local filter only',
  });
  const local = createLocalTextFilter(opts.local);
  const remote = opts.openai
    ? createOpenAITextModerator({ client: opts.openai, logger, thresholds: opts.thresholds })
    : undefined;
  return {
    get name() {
      return gate.active ? `${local.name}+openai` : local.name;
    },
    async check(input: TextToModerate): Promise<TextVerdict> {
      const [mine, theirs] = await Promise.all([
        local.check(input),
        remote ? gate.run(() => remote.check(input)) : undefined,
      ]);
      return combineTextVerdicts([mine, theirs]);
    },
  };
}
