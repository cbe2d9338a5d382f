/**
 * The OCR languages (DECISIONS "Languages in my screenshots"): what this server offers (GET /api/ocr-languages), checking a user's
 * choice among them (settings, "Read again"), and the languages an upload's or a re-read's job reads first: the
 * user's, else the server's defaults. The settings route (routes/settings.ts), the uploads and the re-reads use them.
 */
import type { Config } from '@snapnotes/config';
import {
  ErrorCode,
  ocrLanguageName,
  updateUserSettingsBodySchema,
  type OcrLanguagesResponse,
} from '@snapnotes/contracts';
import { HttpError } from './errors.js';

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
