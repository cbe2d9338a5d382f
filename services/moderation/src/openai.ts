/**
 * OpenAI moderation of images (`/v1/moderations`, omni-moderation-latest, the one OpenAI model that takes images):
 * one request per image, as a base64 data URL. The request, its errors (ModerationUnavailableError for a server
 * without the endpoint) and the decision by category scores are @snapnotes/text-moderation's, shared with the text
 * check; what an image is rejected for is decided here (IMAGE_SCORE_THRESHOLDS).
 */
import type OpenAI from 'openai';
import type { ImageModerator, ImageVerdict, Logger } from '@snapnotes/contracts';
import { OPENAI_MODERATION_MODEL, decideByScores, requestModerationScores } from '@snapnotes/text-moderation';

export {
  ModerationUnavailableError,
  isModerationUnavailable,
  OPENAI_MODERATION_MODEL,
} from '@snapnotes/text-moderation';

/**
 * Category scores at or above which an image is rejected (docs/DECISIONS.md): sexual pictures, anything sexual with
 * a minor, and graphic violence (gore). Violence alone (a news photo), self-harm and the text-only categories never
 * reject an image.
 */
export const IMAGE_SCORE_THRESHOLDS: Readonly<Record<string, number>> = {
  'sexual/minors': 0.3,
  sexual: 0.7,
  'violence/graphic': 0.85,
};

export interface OpenAIModeratorOptions {
  client: OpenAI;
  logger: Logger;
  /** Default omni-moderation-latest (the only OpenAI model that accepts images). */
  model?: string;
  thresholds?: Readonly<Record<string, number>>;
}

/** Detects the image type from its first bytes, for the data URL (the gateway only admits PNG and JPEG). */
function imageMime(image: Buffer): string {
  if (image.length >= 8 && image.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (image.length >= 3 && image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff) return 'image/jpeg';
  if (image.length >= 12 && image.toString('latin1', 0, 4) === 'RIFF' && image.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  if (image.length >= 6 && image.toString('latin1', 0, 3) === 'GIF') return 'image/gif';
  throw new Error('Image for OpenAI moderation must be PNG, JPEG, WebP or GIF');
}

export function createOpenAIImageModerator(opts: OpenAIModeratorOptions): ImageModerator {
  const model = opts.model ?? OPENAI_MODERATION_MODEL;
  const thresholds = opts.thresholds ?? IMAGE_SCORE_THRESHOLDS;
  const logger = opts.logger.child({ moderator: 'openai' });
  return {
    name: 'openai',
    async classify(image: Buffer, _label: string): Promise<ImageVerdict> {
      const url = `data:${imageMime(image)};base64,${image.toString('base64')}`;
      const scores = await requestModerationScores(opts.client, [{ type: 'image_url', image_url: { url } }], model);
      const d = decideByScores(scores, thresholds);
      if (!d.flagged) return { flagged: false };
      const reason = `openai:${d.category} ${d.score!.toFixed(2)}`;
      logger.info({ reason }, 'image flagged by OpenAI moderation'); // the stage logs which image
      return { flagged: true, reason };
    },
  };
}
