import { useQuery } from '@tanstack/react-query';
import { ocrLanguageName, ocrLanguagesResponseSchema, type OcrLanguagesResponse } from '@snapnotes/contracts';
import { queryKeys } from './query-keys.js';

/**
 * What a server with the default configuration offers (packages/config: OCR_LANGUAGES, OCR_DEFAULT_LANGUAGES).
 * The About page shows it until the server has answered, or when it cannot; ocr-languages.test.ts checks that it
 * equals the configuration's defaults.
 */
export const DEFAULT_OCR_LANGUAGES: OcrLanguagesResponse = {
  languages: ['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'nld'].map((code) => ({ code, name: ocrLanguageName(code) })),
  defaults: ['eng'],
};

/** The server's reply, or null when it is not the expected shape. */
export function parseOcrLanguages(data: unknown): OcrLanguagesResponse | null {
  const parsed = ocrLanguagesResponseSchema.safeParse(data);
  return parsed.success && parsed.data.languages.length > 0 ? parsed.data : null;
}

/** GET /api/ocr-languages (public): the languages the server reads in screenshots, and its defaults. */
export function useOcrLanguages() {
  return useQuery<unknown, Error, OcrLanguagesResponse | null>({
    queryKey: queryKeys.ocrLanguages(),
    select: parseOcrLanguages,
  });
}

/** "English", "French and English", "English, French, and German". */
export function formatLanguageNames(names: readonly string[]): string {
  return new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(names);
}
