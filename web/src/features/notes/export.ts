import type { Note } from '@snapnotes/contracts';

/** All notes as one Markdown document (data portability, DESIGN §7). */
export function notesToMarkdown(notes: readonly Note[], exportedAt: Date = new Date()): string {
  const lines: string[] = [
    `# SnapNotes export`,
    '',
    `Exported ${exportedAt.toISOString()} · ${notes.length} notes`,
    '',
  ];
  for (const note of notes) {
    lines.push(`## ${note.title}`, '');
    if (note.createdAt) lines.push(`_Created ${note.createdAt}_`, '');
    if (note.keyPoints.length > 0) {
      lines.push('### Key Points', '', ...note.keyPoints.map((point) => `- ${point}`), '');
    }
    lines.push('### Detailed Summary', '', note.detailedSummary, '');
    lines.push('### Original Text', '', '```text', note.originalText.replace(/```/g, '`\u200b``'), '```', '');
  }
  return lines.join('\n');
}

export function notesToJson(notes: readonly Note[]): string {
  return JSON.stringify({ exportedAt: new Date().toISOString(), notes }, null, 2);
}

/** Saves text as a file through a temporary object URL. */
export function downloadText(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
