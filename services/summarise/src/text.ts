/** Small text helpers shared by the summarisers: shortening, title casing, draft normalisation. */
import type { SummaryDraft } from '@snapnotes/contracts';

/** Words in text: one rule for the whole product (packages/contracts), re-exported for the summariser's modules. */
export { countWords } from '@snapnotes/contracts';

export const TITLE_MAX = 80;
export const KEY_POINT_MAX = 160;
export const MAX_KEY_POINTS = 6;

const DANGLING_END_RE =
  /(?:[\s,;:–—-]+(?:and|or|but|nor|the|a|an|of|to|in|on|at|for|with|by|from|as|that|which|who|whose|is|are|was|were|its|their|le|la|les|de|des|du|et|der|die|das|und|el|los|las|y))+$/i;

/**
 * Shortens text to at most `max` characters, cutting at a clause boundary (", ", "; ", " – ") when one is
 * late enough, else at a word boundary, dropping dangling connectives, and marking the cut with "…".
 */
export function shorten(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const room = t.slice(0, max - 1);
  let cut = -1;
  for (const sep of ['; ', ', ', ' – ', ' — ', ' - ', ' (', ': ']) {
    const at = room.lastIndexOf(sep);
    if (at > cut) cut = at;
  }
  if (cut < max * 0.55) cut = room.lastIndexOf(' ');
  if (cut < max * 0.3) cut = max - 1;
  let out = t.slice(0, cut).replace(/[\s,;:–—(-]+$/, '');
  out = out.replace(DANGLING_END_RE, '');
  return `${out}…`;
}

/** "LECTURE 7: PHOTOSYNTHESIS" → "Lecture 7: Photosynthesis"; other text is left as written. */
export function tidyHeading(text: string): string {
  let t = text
    .replace(/\s+/g, ' ')
    .replace(/[\s:;,.–—-]+$/, '')
    .trim();
  const letters = t.replace(/[^\p{L}]/gu, '');
  if (letters.length > 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) {
    const small = new Set(['a', 'an', 'and', 'the', 'of', 'in', 'on', 'to', 'for', 'or', 'at', 'by', 'with']);
    t = t
      .toLowerCase()
      .split(' ')
      .map((w, i, all) => {
        // Keep course codes and acronyms of up to 4 letters followed by digits ("BIOL 101") in capitals.
        if (/^\p{L}{2,4}$/u.test(w) && i === 0 && /^\d/.test(all[1] ?? '')) return w.toUpperCase();
        if (i > 0 && small.has(w)) return w;
        return w.charAt(0).toUpperCase() + w.slice(1);
      })
      .join(' ');
  }
  return t;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a", "a and b", "a, b and c" */
export function joinAnd(items: string[], and = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

/** Joins sentences with a space, or with nothing after a full-width stop (Chinese, Japanese). */
export function joinSentences(sentences: string[]): string {
  return sentences.reduce((out, s) => (out === '' ? s : /[。！？」』]$/u.test(out) ? out + s : `${out} ${s}`), '');
}

/** Strips "- ", "• ", "1. " and similar markers a model may put in front of a key point. */
export function stripListMarker(text: string): string {
  return text.replace(/^\s*(?:[-*•·–]|\d{1,2}[.)])\s+/, '').trim();
}

/** Canonical form for duplicate detection. */
export function canonical(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Makes a draft safe to store: a trimmed title of at most 80 characters without wrapping quotes or a final
 * full stop, 1–6 distinct non-empty key points, a trimmed summary. Throws if nothing usable remains.
 */
export function normaliseDraft(draft: SummaryDraft): SummaryDraft {
  const title = shorten(
    draft.title
      .replace(/^\s*#+\s*/, '')
      .replace(/^["'“”‘’*_]+|["'“”‘’*_]+$/g, '')
      .replace(/(?<!\.\.)\.\s*$/, '')
      .trim(),
    TITLE_MAX,
  );
  const seen = new Set<string>();
  const keyPoints: string[] = [];
  for (const raw of draft.keyPoints) {
    const point = shorten(stripListMarker(raw), 400);
    const key = canonical(point);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    keyPoints.push(point);
    if (keyPoints.length === MAX_KEY_POINTS) break;
  }
  const detailedSummary = draft.detailedSummary
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!title || keyPoints.length === 0 || !detailedSummary) {
    throw new Error(
      `Summariser ${draft.engine} returned an incomplete summary (title: ${title ? 'ok' : 'empty'}, key points: ${keyPoints.length}, detailed summary: ${detailedSummary ? 'ok' : 'empty'})`,
    );
  }
  return { title, keyPoints, detailedSummary, engine: draft.engine, ...(draft.tags ? { tags: draft.tags } : {}) };
}

/**
 * The extracted text as the user sees it ("Original Text"): the OCR output, only lightly tidied:
 * unified line ends, no trailing spaces, no invisible characters, at most one blank line in a row.
 */
export function tidyOriginalText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
