/**
 * OpenAI moderation (`/v1/moderations`, omni-moderation-latest) for images and text.
 *
 * One request per image (the image as a base64 data URL) and one per text. Errors:
 *   - 404 / 405 / 501: the server has no moderation endpoint (Ollama, llama.cpp and vLLM don't): throws
 *     ModerationUnavailableError so the caller falls back to local checks;
 *   - anything else (5xx, 429, timeouts, connection errors, malformed replies): rethrown as is, a transient
 *     fault the queue retries.
 */
import OpenAI from 'openai';
import type { ImageModerator, ImageVerdict, Logger, TextModerator } from '@snapnotes/contracts';

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

type ModerationInput = OpenAI.Moderations.ModerationMultiModalInput;

export interface OpenAIModeratorOptions {
  client: OpenAI;
  logger: Logger;
  /** Default omni-moderation-latest (the only OpenAI model that accepts images). */
  model?: string;
}

export type OpenAIModerator = ImageModerator & TextModerator;

/** Detects the image type from its first bytes, for the data URL (the gateway only admits PNG and JPEG). */
function imageMime(image: Buffer): string {
  if (image.length >= 8 && image.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (image.length >= 3 && image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff) return 'image/jpeg';
  if (image.length >= 12 && image.toString('latin1', 0, 4) === 'RIFF' && image.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  if (image.length >= 6 && image.toString('latin1', 0, 3) === 'GIF') return 'image/gif';
  throw new Error('Image for OpenAI moderation must be PNG, JPEG, WebP or GIF');
}

export function createOpenAIModerator(opts: OpenAIModeratorOptions): OpenAIModerator {
  const model = opts.model ?? OPENAI_MODERATION_MODEL;
  const logger = opts.logger.child({ moderator: 'openai' });

  async function moderate(input: ModerationInput[], what: string): Promise<ImageVerdict> {
    let response: OpenAI.Moderations.ModerationCreateResponse;
    try {
      response = await opts.client.moderations.create({ model, input });
    } catch (err) {
      if (err instanceof OpenAI.APIError && err.status !== undefined && UNAVAILABLE_STATUSES.has(err.status)) {
        throw new ModerationUnavailableError(err.status, err);
      }
      throw err;
    }
    const result = Array.isArray(response?.results) ? response.results[0] : undefined;
    if (!result || typeof result.flagged !== 'boolean') {
      throw new Error('OpenAI moderation returned no result (expected results[0].flagged)');
    }
    if (!result.flagged) return { flagged: false };
    const categories = Object.entries(result.categories ?? {})
      .filter(([, on]) => on === true)
      .map(([name]) => name);
    const reason = `openai:${categories.length > 0 ? categories.join(',') : 'flagged'}`;
    logger.info({ what, reason }, 'content flagged by OpenAI moderation');
    return { flagged: true, reason };
  }

  return {
    name: 'openai',
    async classify(image: Buffer, fileName: string): Promise<ImageVerdict> {
      const url = `data:${imageMime(image)};base64,${image.toString('base64')}`;
      return moderate([{ type: 'image_url', image_url: { url } }], `image ${fileName}`);
    },
    async check(text: string): Promise<ImageVerdict> {
      if (typeof text !== 'string') throw new TypeError('Text to moderate must be a string');
      if (text.trim() === '') return { flagged: false };
      return moderate([{ type: 'text', text }], 'text');
    },
  };
}
