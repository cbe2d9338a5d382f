import type OpenAI from 'openai';
import type { Config } from '@snapnotes/config';
import type { Logger, ObjectStore, StageHandlers } from '@snapnotes/contracts';
import { createModerators } from './compose.js';
import { createModerationStage } from './stage.js';

/** Builds the moderation stage from config: the local image classifier, plus OpenAI's moderation when configured. */
export async function buildModerationStage(
  config: Config,
  deps: { store: ObjectStore; openai: OpenAI | null; logger: Logger },
): Promise<{ handler: StageHandlers['moderation']; close(): Promise<void> }> {
  const moderators = await createModerators({ config, openai: deps.openai ?? undefined, logger: deps.logger });
  return {
    handler: createModerationStage({ store: deps.store, image: moderators.image, logger: deps.logger }),
    close: () => moderators.close(),
  };
}
