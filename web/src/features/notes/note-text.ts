import type { Note } from '@snapnotes/contracts';

/** The note fields the client reads (SPEC §3). */
export type NoteContent = Pick<Note, 'title' | 'keyPoints' | 'detailedSummary' | 'originalText'>;

/** Case-insensitive substring search over title, key points, detailed summary and original text (SPEC §5). */
export function filterNotes<T extends NoteContent>(notes: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...notes];
  return notes.filter((note) =>
    [note.title, ...note.keyPoints, note.detailedSummary, note.originalText].some((field) =>
      (field ?? '').toLocaleLowerCase().includes(needle),
    ),
  );
}

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
