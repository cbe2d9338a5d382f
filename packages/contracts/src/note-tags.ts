/**
 * Tags and filters of the notes library (issue 25, item 4; DECISIONS "Tags and filters"). Every note has tags (its
 * kind, its language and a few key words, or a model's topics; the user may edit them) and a content kind; the list
 * and the search filter by tag, kind, language and date range.
 *
 * Plain functions and constants only (no zod): the web app bundles this module for the filters bar and the tag
 * editor, and checks what it sends with the same rules the server applies.
 */

/** What a note is, as the summariser reads its pages (services/summarise local/kind.ts); 'image' = no text. */
export const NOTE_CONTENT_KINDS = ['article', 'chat', 'code', 'form', 'receipt', 'slide', 'table', 'image'] as const;
export type NoteContentKind = (typeof NOTE_CONTENT_KINDS)[number];

/** How the library names each kind (filter menu, tag chips). */
export const NOTE_CONTENT_KIND_LABELS: Record<NoteContentKind, string> = {
  article: 'Article',
  chat: 'Chat',
  code: 'Code',
  form: 'Form',
  receipt: 'Receipt',
  slide: 'Slide',
  table: 'Table',
  image: 'Image',
};

export function isNoteContentKind(value: unknown): value is NoteContentKind {
  return typeof value === 'string' && (NOTE_CONTENT_KINDS as readonly string[]).includes(value);
}

/** Most tags a note may have. */
export const MAX_NOTE_TAGS = 12;
/** Longest tag, in characters (after normalising). */
export const MAX_TAG_LENGTH = 40;
/** Most tags one list or search may filter by (all of them must be on a note). */
export const MAX_FILTER_TAGS = 5;

/**
 * A tag as stored and compared: Unicode NFKC, lower case, a leading '#' dropped, spaces, underscores and line breaks
 * as one space, trimmed. "  #Machine_Learning " → "machine learning". '' when nothing is left.
 */
export function normaliseTag(raw: string): string {
  return raw
    .normalize('NFKC')
    .toLocaleLowerCase('en-US')
    .replace(/[\s_]+/gu, ' ')
    .trim()
    .replace(/^#+\s*/u, '')
    .trim();
}

/** Why a normalised tag is refused, or null when it is fine. */
export function tagProblem(tag: string): string | null {
  if (tag.length === 0) return 'A tag cannot be empty.';
  if ([...tag].length > MAX_TAG_LENGTH)
    return `A tag must be at most ${MAX_TAG_LENGTH} characters ("${tag.slice(0, 20)}…").`;
  if (/[,\p{Cc}\p{Cf}]/u.test(tag)) return `A tag cannot hold a comma or a control character ("${tag}").`;
  if (!/[\p{L}\p{N}]/u.test(tag)) return `A tag needs a letter or a digit ("${tag}").`;
  return null;
}

/**
 * A user's tags for a note (PUT /api/notes/{id}/tags): each normalised, duplicates dropped (the first stays, order
 * kept), then checked. Returns the tags, or the first problem as a sentence the client can show.
 */
export function checkNoteTags(raw: readonly unknown[]): { ok: true; tags: string[] } | { ok: false; message: string } {
  const tags: string[] = [];
  for (const value of raw) {
    if (typeof value !== 'string') return { ok: false, message: 'Each tag must be text.' };
    const tag = normaliseTag(value);
    const problem = tagProblem(tag);
    if (problem) return { ok: false, message: problem };
    if (!tags.includes(tag)) tags.push(tag);
  }
  if (tags.length > MAX_NOTE_TAGS) return { ok: false, message: `A note can have at most ${MAX_NOTE_TAGS} tags.` };
  return { ok: true, tags };
}

/** A language code as notes store it (tesseract's or ISO 639-3, e.g. 'eng', 'chi_sim'). */
export const NOTE_LANGUAGE_CODE = /^[a-z]{2,3}(_[a-z]{2,8})?$/;

/** A day of the filters' date range, as the library's URL holds it. */
export const FILTER_DATE = /^\d{4}-\d{2}-\d{2}$/;
