/**
 * "Languages in my screenshots": the OCR languages the server offers (GET /api/ocr-languages, public) and the
 * caller's choice among them (PATCH /api/user/{userId}/settings). An upload's job reads the user's languages first,
 * else the server's defaults (docs/DECISIONS.md).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '@snapnotes/config';
import {
  ErrorCode,
  ocrLanguageName,
  updateUserSettingsBodySchema,
  type OcrLanguagesResponse,
  type User,
} from '@snapnotes/contracts';
import { toApiUser } from '@snapnotes/db';
import { ownUser } from '../guards.js';
import { HttpError } from '../errors.js';

type LanguageConfig = Pick<Config, 'OCR_LANGUAGES' | 'OCR_DEFAULT_LANGUAGES'>;

/**
 * The languages an upload's job asks the OCR stage to read first: the user's choice, minus any language the
 * server no longer offers (an operator may drop one after users chose it); the server's defaults when the user
 * chose none or none of theirs is still offered.
 */
export function jobLanguages(chosen: readonly string[] | null | undefined, config: LanguageConfig): string[] {
  const offered = (chosen ?? []).filter((code) => config.OCR_LANGUAGES.includes(code));
  return offered.length > 0 ? [...new Set(offered)] : [...config.OCR_DEFAULT_LANGUAGES];
}

/** GET /api/ocr-languages: what this server's OCR offers, with English names, and its defaults. */
export function ocrLanguagesResponse(config: LanguageConfig): OcrLanguagesResponse {
  return {
    languages: config.OCR_LANGUAGES.map((code) => ({ code, name: ocrLanguageName(code) })),
    defaults: [...config.OCR_DEFAULT_LANGUAGES],
  };
}

/** Checks a settings body: 400 with the reason, or the languages to store (deduplicated, all offered). */
export function parseSettingsBody(body: unknown, config: LanguageConfig): { ocrLanguages: string[] } {
  const parsed = updateUserSettingsBodySchema.safeParse(body ?? {});
  if (!parsed.success) {
    throw new HttpError(400, ErrorCode.BadRequest, parsed.error.issues[0]?.message ?? 'Invalid settings.');
  }
  checkOffered(parsed.data.ocrLanguages, config);
  return parsed.data;
}

/** 400 naming every language this server's OCR does not offer (settings, "Read again"). */
export function checkOffered(languages: readonly string[], config: Pick<Config, 'OCR_LANGUAGES'>): void {
  const unknown = languages.filter((code) => !config.OCR_LANGUAGES.includes(code));
  if (unknown.length > 0) {
    throw new HttpError(
      400,
      ErrorCode.BadRequest,
      `${unknown.map((code) => `"${code}"`).join(', ')} ${unknown.length === 1 ? 'is not a language' : 'are not languages'} ` +
        `this server reads. Choose from: ${config.OCR_LANGUAGES.join(', ')}.`,
    );
  }
}

export function registerSettingsRoutes(app: FastifyInstance): void {
  /** Public: deployment settings, no user data; the About page shows them to visitors too. */
  app.get('/api/ocr-languages', async (): Promise<OcrLanguagesResponse> => ocrLanguagesResponse(app.deps.config));

  /** The caller's settings; answers with their updated user record. Ownership as every /api/user/{userId} route. */
  app.patch<{ Params: { userId: string } }>('/api/user/:userId/settings', async (req): Promise<User> => {
    const user = await ownUser(req, req.params.userId);
    const { ocrLanguages } = parseSettingsBody(req.body, app.deps.config);
    const updated = await app.deps.repos.users.updateOcrLanguages(user.id, ocrLanguages);
    // Deleted between the ownership check and the update.
    if (!updated) throw new HttpError(404, ErrorCode.NotFound, 'User not found.');
    req.log.info({ userId: user.id, ocrLanguages }, 'settings updated');
    return toApiUser(updated);
  });
}
