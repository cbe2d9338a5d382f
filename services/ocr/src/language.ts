/**
 * The language of a page, told from a first OCR pass (docs/OCR.md, "Languages"). A page read with the wrong
 * language's data loses its accents (é → e, ß → B) but keeps enough of its words for an n-gram detector to tell the
 * language: `eld` (Apache-2.0, ~1 ms a call) told every language of our corpus right from such first-pass text,
 * where `franc-min` misread code and spreadsheets. Its smallest database is loaded on first use (about 85 MB).
 */

/** tesseract's language codes (ISO 639-2/T, as the `@tesseract.js-data/<code>` packages name them) → ISO 639-1. */
// prettier-ignore
const ISO1: Record<string, string> = {
  eng: 'en', fra: 'fr', deu: 'de', spa: 'es', ita: 'it', por: 'pt', nld: 'nl', swe: 'sv', dan: 'da', nor: 'no',
  fin: 'fi', pol: 'pl', ces: 'cs', slk: 'sk', hun: 'hu', ron: 'ro', tur: 'tr', cat: 'ca', hrv: 'hr', slv: 'sl',
  lit: 'lt', lav: 'lv', est: 'et', ind: 'id', vie: 'vi', rus: 'ru', ukr: 'uk', bul: 'bg', ell: 'el',
};

/** Fewer letters than this are not classified: a few words of a menu say nothing reliable. */
export const MIN_DETECT_LETTERS = 40;
/** The winner's score must beat the runner-up's by this much (eld scores are 0–1)… */
const MIN_MARGIN = 0.05;

interface Detector {
  detect(text: string): { language: string; getScores(): Record<string, number> };
}

let detector: Promise<Detector> | undefined;
function loadDetector(): Promise<Detector> {
  detector ??= import('eld/extrasmall').then((m) => m.eld as Detector);
  return detector;
}

/** The ISO 639-1 code of a tesseract language code, or null when the detector does not know it. */
export function iso1Of(code: string): string | null {
  return ISO1[code] ?? null;
}

/** Letters-and-spaces view of OCR text: digits, code punctuation and table figures carry no language. */
function lettersOf(text: string): string {
  return text
    .replace(/[^\p{L}\s'’-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The most likely language of `text` among `candidates` (tesseract codes), or null when the text is too short or
 * no candidate clearly wins. Detection is restricted to the candidates: a page can only be re-read with data the
 * engine has, and a small candidate set keeps short texts from being taken for a rare language.
 */
export async function detectPageLanguage(text: string, candidates: readonly string[]): Promise<string | null> {
  const letters = lettersOf(text);
  if (letters.replace(/[\s'’-]/g, '').length < MIN_DETECT_LETTERS) return null;
  const byIso = new Map<string, string>();
  for (const code of candidates) {
    const iso = iso1Of(code);
    if (iso) byIso.set(iso, code);
  }
  if (byIso.size === 0) return null;
  if (byIso.size === 1) return [...byIso.values()][0]!;
  const scores = (await loadDetector()).detect(letters).getScores();
  const ranked = [...byIso.keys()].map((iso) => ({ iso, score: scores[iso] ?? 0 })).sort((a, b) => b.score - a.score);
  const [best, second] = ranked;
  if (!best || best.score <= 0) return null;
  if (second && best.score - second.score < MIN_MARGIN) return null;
  return byIso.get(best.iso)!;
}
