const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Number of whitespace-separated tokens that contain at least one letter or digit (so "—" or "•" do not count). */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/u)) {
    if (token && HAS_LETTER_OR_DIGIT.test(token)) count++;
  }
  return count;
}
