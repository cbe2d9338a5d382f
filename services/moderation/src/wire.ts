import type OpenAI from 'openai';
import type { Config } from '@snapnotes/config';
import type { Logger, ObjectStore, StageHandlers, TextModerator } from '@snapnotes/contracts';
import { createModerators } from './compose.js';
import { createModerationStage } from './stage.js';

/** Builds the moderation stage from config: the local classifier, plus OpenAI's moderation endpoint when configured. */
export async function buildModerationStage(
  config: Config,
  deps: { store: ObjectStore; openai: OpenAI | null; logger: Logger },
): Promise<{ handler: StageHandlers['moderation']; text: TextModerator; close(): Promise<void> }> {
  const moderators = await createModerators({ config, openai: deps.openai ?? undefined, logger: deps.logger });
  return {
    handler: createModerationStage({ store: deps.store, image: moderators.image, logger: deps.logger }),
    text: moderators.text,
    close: () => moderators.close(),
  };
}
