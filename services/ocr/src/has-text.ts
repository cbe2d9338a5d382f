/**
 * Text or picture: the "no text" rule (DESIGN §4), decided on what recognition found, never on the image's size or
 * colours. The OCR stage marks pages by it (OcrPageResult.hasText); the summariser describes pages without text.
 */

/** The "no text" rule (DESIGN §4): at least this many non-space characters… */
export const MIN_TEXT_CHARS = 20;
/** …and at least this mean word confidence. Text images score 83–95, busy photos produce garbage at 20–30. */
export const MIN_TEXT_CONFIDENCE = 60;
/**
 * A shorter text (a one-word crop, a button, a URL, a window title) is text too when it was read with at least this
 * confidence and holds a word: recognition decides, never the image's size. The real-world corpus's crops of one
 * line ("www.normcap.gui", 172 × 22 px; "*Untitled Document 1") read at 87–88; garbage read from pictures scores
 * 20–40.
 */
export const SHORT_TEXT_CONFIDENCE = 80;
/** A word: two letters, or three letters and digits (a price, a year), in a row. */
const WORD_RE = /\p{L}{2}|[\p{L}\p{N}]{3}/u;
/** A lone letter or digit (a page number cut out of a scan) is text only when read this confidently. */
export const GLYPH_CONFIDENCE = 90;

export function hasEnoughText(text: string, confidence: number): boolean {
  if (text.replace(/\s+/g, '').length >= MIN_TEXT_CHARS) return confidence >= MIN_TEXT_CONFIDENCE;
  if (confidence >= SHORT_TEXT_CONFIDENCE && WORD_RE.test(text)) return true;
  return confidence >= GLYPH_CONFIDENCE && /^[\p{L}\p{N}]$/u.test(text.trim());
}
