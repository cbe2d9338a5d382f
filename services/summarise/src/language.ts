import { franc } from 'franc';

/**
 * Languages we try to tell apart (ISO 639-3, the same codes tesseract uses for most of them). Limiting franc
 * to widely used languages avoids confident nonsense such as Scots or Tok Pisin for short English notes.
 */
// prettier-ignore
const CANDIDATES = [
  'eng', 'fra', 'deu', 'spa', 'por', 'ita', 'nld', 'swe', 'dan', 'nob', 'fin', 'pol', 'ces', 'slk', 'hun',
  'ron', 'tur', 'rus', 'ukr', 'bul', 'ell', 'arb', 'heb', 'hin', 'ben', 'cmn', 'jpn', 'kor', 'vie', 'ind',
  'tha', 'pes', 'cat', 'hrv', 'srp', 'slv', 'lit', 'lvs', 'est', 'tgl', 'zlm', 'swh', 'urd', 'tam',
];

/** franc's code → the code we report (tesseract's: 'ara' not 'arb', 'fas' not 'pes', 'chi_sim' is too specific). */
const REPORTED: Record<string, string> = { arb: 'ara', pes: 'fas', lvs: 'lav', zlm: 'msa', swh: 'swa', cmn: 'zho' };

/**
 * Detects the language of prose (ISO 639-3, e.g. 'eng', 'fra'), or null when the text is too short or
 * too mixed to tell. Text shorter than 20 letters is not classified.
 */
export function detectLanguage(text: string): string | null {
  const letters = text
    .replace(/[^\p{L}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (letters.replace(/\s/g, '').length < 20) return null;
  const code = franc(letters, { minLength: 20, only: CANDIDATES });
  if (code === 'und') return null;
  return REPORTED[code] ?? code;
}

// prettier-ignore
const NAMES: Record<string, string> = {
  eng: 'English', fra: 'French', deu: 'German', spa: 'Spanish', por: 'Portuguese', ita: 'Italian', nld: 'Dutch',
  swe: 'Swedish', dan: 'Danish', nob: 'Norwegian', fin: 'Finnish', pol: 'Polish', ces: 'Czech', slk: 'Slovak',
  hun: 'Hungarian', ron: 'Romanian', tur: 'Turkish', rus: 'Russian', ukr: 'Ukrainian', bul: 'Bulgarian',
  ell: 'Greek', ara: 'Arabic', heb: 'Hebrew', hin: 'Hindi', ben: 'Bengali', zho: 'Chinese', jpn: 'Japanese',
  kor: 'Korean', vie: 'Vietnamese', ind: 'Indonesian', tha: 'Thai', fas: 'Persian', cat: 'Catalan',
  hrv: 'Croatian', srp: 'Serbian', slv: 'Slovenian', lit: 'Lithuanian', lav: 'Latvian', est: 'Estonian',
  tgl: 'Tagalog', msa: 'Malay', swa: 'Swahili', urd: 'Urdu', tam: 'Tamil',
};

/** English name of a language code, for prompts; the code itself when unknown. */
export function languageName(code: string): string {
  return NAMES[code] ?? code;
}
