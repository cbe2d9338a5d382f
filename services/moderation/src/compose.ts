/**
 * The image checks of every upload: the local classifier (nsfwjs) and OpenAI moderation when configured, as
 * OPENAI_MODERATION says ('off', 'auto' or 'on'; see createOpenAIGate in @snapnotes/text-moderation, whose gate this
 * shares). Both run on every image; an image is flagged when either flags it. Transient OpenAI errors propagate so
 * the queue retries the job. The text of an upload is checked in the summarise stage (@snapnotes/text-moderation).
 */
import type OpenAI from 'openai';
import type { ImageModerator, ImageVerdict, Logger } from '@snapnotes/contracts';
import { createOpenAIGate, type OpenAIModerationMode } from '@snapnotes/text-moderation';
import { createNsfwImageModerator, type NsfwImageModerator } from './nsfw.js';
import { createOpenAIImageModerator } from './openai.js';

export interface ModerationConfig {
  openaiEnabled: boolean;
  OPENAI_MODERATION: OpenAIModerationMode;
  MODERATION_IMAGE_CLASSIFIER: boolean;
  MODERATION_NSFW_THRESHOLD: number;
  /** The classifier thread starts with the first image and ends after this long without one; 0: kept once started. */
  IDLE_RELEASE_MS?: number;
}

export interface CreateModeratorsOptions {
  config: ModerationConfig;
  /** The configured OpenAI client (with the app's baseURL, key and timeout); required when OpenAI is enabled. */
  openai?: OpenAI;
  logger: Logger;
}

export interface Moderators {
  image: ImageModerator;
  /** Stops the image classifier's thread. */
  close(): Promise<void>;
}

function combine(verdicts: (ImageVerdict | undefined)[]): ImageVerdict {
  const flagged = verdicts.filter((v): v is ImageVerdict => v?.flagged === true);
  if (flagged.length === 0) return { flagged: false };
  return { flagged: true, reason: flagged.map((v) => v.reason ?? 'flagged').join('; ') };
}

export async function createModerators(opts: CreateModeratorsOptions): Promise<Moderators> {
  const { config } = opts;
  const logger = opts.logger.child({ component: 'moderation' });
  const classifier = config.MODERATION_IMAGE_CLASSIFIER;
  const gate = createOpenAIGate({
    config,
    openai: opts.openai,
    logger,
    fallback: classifier
      ? 'using local moderation only'
      : 'the local image classifier is disabled: images are not moderated',
  });
  const openai = opts.openai ? createOpenAIImageModerator({ client: opts.openai, logger }) : undefined;
  const local: NsfwImageModerator | undefined = classifier
    ? await createNsfwImageModerator({
        threshold: config.MODERATION_NSFW_THRESHOLD,
        logger,
        idleMs: config.IDLE_RELEASE_MS ?? 0,
      })
    : undefined;
  if (!local && !gate.active) {
    logger.warn('image moderation is disabled (MODERATION_IMAGE_CLASSIFIER=false and no OpenAI moderation)');
  }
  const image: ImageModerator = {
    get name() {
      const parts = [local?.name, gate.active ? 'openai' : undefined].filter(Boolean);
      return parts.length > 0 ? parts.join('+') : 'none';
    },
    async classify(data: Buffer, label: string): Promise<ImageVerdict> {
      const [mine, theirs] = await Promise.all([
        local?.classify(data, label),
        openai ? gate.run(() => openai.classify(data, label)) : undefined,
      ]);
      return combine([mine, theirs]);
    },
  };
  return { image, close: async () => local?.close() };
}
