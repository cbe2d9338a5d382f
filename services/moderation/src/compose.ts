/**
 * Combines the local checks (nsfwjs for images, obscenity for text) with OpenAI moderation.
 *
 * OPENAI_MODERATION:
 *   - 'off':  local checks only.
 *   - 'auto' (default): OpenAI as well when it is configured (OPENAI_API_KEY or OPENAI_BASE_URL). If the
 *     server turns out to have no /v1/moderations (Ollama, llama.cpp, vLLM), log it once and keep using the
 *     local checks only, for the life of the process.
 *   - 'on':   OpenAI is required: startup fails when it is not configured, and a server without the endpoint
 *     makes every check fail (logged once) instead of silently running with less moderation.
 * Both run on every item; an item is flagged when any of them flags it. Transient OpenAI errors propagate so
 * the queue retries the job.
 */
import type OpenAI from 'openai';
import type { ImageModerator, ImageVerdict, Logger, TextModerator } from '@snapnotes/contracts';
import { createNsfwImageModerator, type NsfwImageModerator } from './nsfw.js';
import { ModerationUnavailableError, createOpenAIModerator, type OpenAIModerator } from './openai.js';
import { createLocalTextModerator } from './text.js';

export interface ModerationConfig {
  openaiEnabled: boolean;
  OPENAI_MODERATION: 'auto' | 'on' | 'off';
  MODERATION_IMAGE_CLASSIFIER: boolean;
  MODERATION_NSFW_THRESHOLD: number;
}

export interface CreateModeratorsOptions {
  config: ModerationConfig;
  /** The configured OpenAI client (with the app's baseURL, key and timeout); required when OpenAI is enabled. */
  openai?: OpenAI;
  logger: Logger;
}

export interface Moderators {
  image: ImageModerator;
  text: TextModerator;
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
  const mode = config.OPENAI_MODERATION;
  if (!['auto', 'on', 'off'].includes(mode)) {
    throw new Error(`OPENAI_MODERATION must be auto, on or off, got ${String(mode)}`);
  }

  let openai: OpenAIModerator | undefined;
  if (mode !== 'off' && config.openaiEnabled && opts.openai) {
    openai = createOpenAIModerator({ client: opts.openai, logger });
  } else if (mode === 'on') {
    throw new Error(
      'OPENAI_MODERATION=on requires OpenAI: set OPENAI_API_KEY or OPENAI_BASE_URL (or use OPENAI_MODERATION=auto)',
    );
  } else if (mode === 'auto' && config.openaiEnabled && !opts.openai) {
    logger.warn('OpenAI is configured but no client was given to moderation: using local checks only');
  }

  const localImage: NsfwImageModerator | undefined = config.MODERATION_IMAGE_CLASSIFIER
    ? await createNsfwImageModerator({ threshold: config.MODERATION_NSFW_THRESHOLD, logger })
    : undefined;
  const localText = createLocalTextModerator();

  let openaiUnavailable = false;
  let reportedUnavailable = false;

  /** Runs an OpenAI check; undefined when the endpoint is missing and mode is 'auto'. */
  async function viaOpenAI(run: (m: OpenAIModerator) => Promise<ImageVerdict>): Promise<ImageVerdict | undefined> {
    if (!openai || openaiUnavailable) return undefined;
    try {
      return await run(openai);
    } catch (err) {
      if (!(err instanceof ModerationUnavailableError)) throw err;
      if (mode === 'on') {
        if (!reportedUnavailable) {
          reportedUnavailable = true;
          logger.error(
            { status: err.status },
            'OPENAI_MODERATION=on but the OpenAI-compatible server has no /v1/moderations: moderation fails until it is fixed',
          );
        }
        throw err;
      }
      openaiUnavailable = true;
      if (!reportedUnavailable) {
        reportedUnavailable = true;
        logger.warn(
          { status: err.status, localImageClassifier: Boolean(localImage) },
          localImage
            ? 'OpenAI-compatible server has no /v1/moderations: using local moderation only'
            : 'OpenAI-compatible server has no /v1/moderations and the local image classifier is disabled: images are not moderated',
        );
      }
      return undefined;
    }
  }

  function engineName(local: string | undefined): string {
    const parts = [local, openai && !openaiUnavailable ? 'openai' : undefined].filter(Boolean);
    return parts.length > 0 ? parts.join('+') : 'none';
  }

  if (!localImage && !openai) {
    logger.warn('image moderation is disabled (MODERATION_IMAGE_CLASSIFIER=false and no OpenAI moderation)');
  }

  const image: ImageModerator = {
    get name() {
      return engineName(localImage?.name);
    },
    async classify(data: Buffer, fileName: string): Promise<ImageVerdict> {
      const [local, remote] = await Promise.all([
        localImage?.classify(data, fileName),
        viaOpenAI((m) => m.classify(data, fileName)),
      ]);
      return combine([local, remote]);
    },
  };

  const text: TextModerator = {
    get name() {
      return engineName(localText.name);
    },
    async check(value: string): Promise<ImageVerdict> {
      const [local, remote] = await Promise.all([localText.check(value), viaOpenAI((m) => m.check(value))]);
      return combine([local, remote]);
    },
  };

  return { image, text, close: async () => localImage?.close() };
}
