/**
 * How words are counted, once for the whole product: a note's `wordCount` (packages/db) and the summariser's
 * length rules (services/summarise) use this, so a note's size means the same thing everywhere.
 */
const CJK_CHAR_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/gu;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Words in text: whitespace-separated tokens with at least one letter or digit (so "—" or "•" do not count);
 * scripts written without spaces (Chinese, Japanese, Korean, Thai) count one word per two characters.
 */
export function countWords(text: string): number {
  const cjk = text.match(CJK_CHAR_RE)?.length ?? 0;
  let spaced = 0;
  for (const token of text.replace(CJK_CHAR_RE, ' ').split(/\s+/u)) {
    if (token && HAS_LETTER_OR_DIGIT.test(token)) spaced++;
  }
  return spaced + Math.ceil(cjk / 2);
}
