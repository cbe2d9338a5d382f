/** A piece of a search snippet: plain text, marked when it is a matched range. */
export interface SnippetSegment {
  text: string;
  marked: boolean;
}

/**
 * Cuts a plain-text snippet at its highlight ranges ([start, end) string indexes, as the server sends them). Ranges
 * are clamped to the snippet; empty, reversed or overlapping ones are skipped, so a bad range never loses text.
 */
export function highlightSegments(
  snippet: string,
  highlights: ReadonlyArray<readonly [number, number]>,
): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  const ranges = [...highlights].sort((a, b) => a[0] - b[0]);
  let at = 0;
  for (const [rawStart, rawEnd] of ranges) {
    const start = Math.max(at, Math.min(snippet.length, rawStart));
    const end = Math.min(snippet.length, rawEnd);
    if (end <= start) continue;
    if (start > at) segments.push({ text: snippet.slice(at, start), marked: false });
    segments.push({ text: snippet.slice(start, end), marked: true });
    at = end;
  }
  if (at < snippet.length) segments.push({ text: snippet.slice(at), marked: false });
  return segments;
}
