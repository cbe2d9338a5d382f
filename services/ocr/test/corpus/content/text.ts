/** The non-empty, trimmed lines of a block of text (content pools are written one item per line). */
export const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
