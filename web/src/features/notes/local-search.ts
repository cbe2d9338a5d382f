import type { Note } from '@snapnotes/contracts';

/**
 * Search without the server (offline, issue 23): SPEC §5's rule, a case-insensitive substring match over the title,
 * the key points, the detailed summary and the original text, on the notes saved on this device.
 */
export function matchesSearch(note: Pick<Note, 'title' | 'keyPoints' | 'detailedSummary' | 'originalText'>, q: string) {
  const needle = q.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [note.title, ...note.keyPoints, note.detailedSummary, note.originalText].some((text) =>
    text.toLocaleLowerCase().includes(needle),
  );
}
