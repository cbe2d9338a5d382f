import { useQuery } from '@tanstack/react-query';
import {
  MAX_OCR_LANGUAGES,
  MIN_OCR_LANGUAGES,
  ocrLanguageName,
  ocrLanguagesResponseSchema,
  type OcrLanguagesResponse,
} from '@snapnotes/contracts';
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

/**
 * The languages shown checked: the user's choice (those the server still offers), else the server's defaults,
 * else the first language it offers.
 */
export function savedSelection(chosen: readonly string[] | null | undefined, offered: OcrLanguagesResponse): string[] {
  const codes = new Set(offered.languages.map((l) => l.code));
  const keep = (list: readonly string[]) => [...new Set(list)].filter((code) => codes.has(code));
  const fromUser = keep(chosen ?? []);
  if (fromUser.length > 0) return fromUser.slice(0, MAX_OCR_LANGUAGES);
  const fromDefaults = keep(offered.defaults);
  if (fromDefaults.length > 0) return fromDefaults.slice(0, MAX_OCR_LANGUAGES);
  return offered.languages.slice(0, 1).map((l) => l.code);
}

/** Whether this language's box can be clicked: the last checked one stays, and at most 3 can be checked. */
export function canToggle(selection: readonly string[], code: string): boolean {
  return selection.includes(code) ? selection.length > MIN_OCR_LANGUAGES : selection.length < MAX_OCR_LANGUAGES;
}

/** The selection after a click: a checked language goes to the end (the first chosen stays first). */
export function toggleLanguage(selection: readonly string[], code: string, checked: boolean): string[] {
  if (!canToggle(selection, code)) return [...selection];
  return checked ? [...selection.filter((c) => c !== code), code] : selection.filter((c) => c !== code);
}

/** Same languages, whatever the order. */
export function sameLanguages(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((code) => b.includes(code));
}
