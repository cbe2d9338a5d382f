import type { Note } from '@snapnotes/contracts';

/** The note fields the client reads (SPEC §3). */
export type NoteContent = Pick<Note, 'title' | 'keyPoints' | 'detailedSummary' | 'originalText'>;

export type CopyKind = 'keyIdeas' | 'detailed' | 'original';

/**
 * Copy texts (SPEC §7): Key Ideas = the title plus the key points joined by newlines;
 * Detailed = the detailed summary; Original = the original text.
 */
export function copyText(note: NoteContent, kind: CopyKind): string {
  switch (kind) {
    case 'keyIdeas':
      return [note.title, ...note.keyPoints].join('\n');
    case 'detailed':
      return note.detailedSummary;
    case 'original':
      return note.originalText;
  }
}

export type TitleDecision =
  /** Nothing changed: no call. */
  | { action: 'none' }
  /** Empty after trimming: the old title comes back, no call. */
  | { action: 'revert' }
  | { action: 'save'; title: string };

/** Title editing rules (SPEC §4, §5): trimmed; empty reverts; unchanged makes no call. */
export function decideTitleSave(current: string, draft: string): TitleDecision {
  const title = draft.trim();
  if (!title) return { action: 'revert' };
  if (title === current.trim()) return { action: 'none' };
  return { action: 'save', title };
}

/** A line that ends a statement or opens/closes a block: `{`, `}`, `=>` anywhere, or `;` at its end. */
const CODE_PUNCTUATION = /[{}]|=>|;\s*$/;
/** A line indented by two or more spaces, or a tab. */
const INDENTED = /^(?: {2,}|\t)\S/;

/**
 * Whether an original text looks like code or a table, to be shown in a monospace font (columns and indentation
 * then line up): any line holding a TAB (OCR separates table cells with one), at least 3 indented lines, or code
 * punctuation (`{` `}` `=>`, or `;` ending the line) on at least 3 lines that are also a fifth of the text, so a
 * long piece of prose with a few semicolons stays in the normal font.
 */
export function looksLikeCode(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return false;
  if (lines.some((line) => line.includes('\t'))) return true;
  if (lines.filter((line) => INDENTED.test(line)).length >= 3) return true;
  const punctuated = lines.filter((line) => CODE_PUNCTUATION.test(line)).length;
  return punctuated >= 3 && punctuated * 5 >= lines.length;
}
