import type OpenAI from 'openai';
import type { Config } from '@snapnotes/config';
import type { Logger, ObjectStore, StageHandlers, TextModerator } from '@snapnotes/contracts';
import { createLocalSummariser } from './local.js';
import { createOpenAISummariser } from './openai.js';
import { createSummariseStage } from './stage.js';

/** Builds the summarise stage: OpenAI-compatible model when configured, the local summariser otherwise (and as fallback). */
export async function buildSummariseStage(
  config: Config,
  deps: { store: ObjectStore; openai: OpenAI | null; textModerator: TextModerator; logger: Logger },
): Promise<{ handler: StageHandlers['summarise'] }> {
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
      textModerator: deps.textModerator,
      logger: deps.logger,
    }),
  };
}
