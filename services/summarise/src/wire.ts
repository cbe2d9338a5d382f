import type OpenAI from 'openai';
import type { Config } from '@snapnotes/config';
import type { Logger, ObjectStore, StageHandlers, TextModerator } from '@snapnotes/contracts';
import { createTextModerator } from '@snapnotes/text-moderation';
import { createLocalSummariser } from './local.js';
import { loadDictionary } from './local/words.js';
import { createOpenAISummariser } from './openai.js';
import { createSummariseStage } from './stage.js';

/**
 * Builds the summarise stage: the text checks (the local filter, plus OpenAI moderation when configured, as
 * OPENAI_MODERATION says), then an OpenAI-compatible model when configured, the local summariser otherwise (and as
 * fallback). `textModerator` replaces the text checks (tests).
 */
export async function buildSummariseStage(
  config: Config,
  deps: { store: ObjectStore; openai: OpenAI | null; logger: Logger; textModerator?: TextModerator },
): Promise<{ handler: StageHandlers['summarise']; textModerator: TextModerator }> {
  const textModerator =
    deps.textModerator ?? createTextModerator({ config, openai: deps.openai ?? undefined, logger: deps.logger });
  const local = await createLocalSummariser({ logger: deps.logger });
  const summariser = deps.openai
    ? createOpenAISummariser({
        client: deps.openai,
        model: config.OPENAI_MODEL,
        premiumModel: config.OPENAI_PREMIUM_MODEL,
        visionModel: config.OPENAI_VISION_MODEL,
        timeoutMs: config.OPENAI_TIMEOUT_MS,
        logger: deps.logger,
        fallback: local,
      })
    : local;
  return {
    handler: createSummariseStage({
      store: deps.store,
      summariser,
      textModerator,
      logger: deps.logger,
      // Read once per process (the local summariser has loaded it already).
      dictionary: await loadDictionary(),
    }),
    textModerator,
  };
}
