/**
 * OCR languages: the codes are tesseract's (ISO 639-2/T, e.g. eng, fra). The server offers the ones in its
 * OCR_LANGUAGES setting; each user may choose up to MAX_OCR_LANGUAGES of them (Settings), read first for their
 * uploads before the OCR stage detects each image's language (docs/DECISIONS.md).
 */

/** A tesseract language code, as the job payload accepts it (jobs.ts). */
export const OCR_LANGUAGE_CODE = /^[a-z_]{3,10}$/;

/** How many languages a user may choose (and the server's defaults may name). */
export const MIN_OCR_LANGUAGES = 1;
export const MAX_OCR_LANGUAGES = 3;

/** English names of the tesseract languages a deployment is likely to offer; others are shown by their code. */
export const OCR_LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  eng: 'English',
  fra: 'French',
  deu: 'German',
  spa: 'Spanish',
  ita: 'Italian',
  por: 'Portuguese',
  nld: 'Dutch',
  dan: 'Danish',
  swe: 'Swedish',
  nor: 'Norwegian',
  fin: 'Finnish',
  pol: 'Polish',
  ces: 'Czech',
  tur: 'Turkish',
  rus: 'Russian',
  ukr: 'Ukrainian',
  ell: 'Greek',
  ara: 'Arabic',
  heb: 'Hebrew',
  hin: 'Hindi',
  jpn: 'Japanese',
  kor: 'Korean',
  chi_sim: 'Chinese (Simplified)',
  chi_tra: 'Chinese (Traditional)',
};

/** The display name of a language code: its English name, or the code itself when it has none here. */
export function ocrLanguageName(code: string): string {
  return Object.hasOwn(OCR_LANGUAGE_NAMES, code) ? OCR_LANGUAGE_NAMES[code]! : code;
}
