import { describe, expect, it } from 'vitest';
import type { Note } from '@snapnotes/contracts';
import { notesToMarkdown } from './export.js';
import { shareText } from './share-note.js';

const SUMMARY = [
  '- Coffee beans: $12.99',
  '',
  '| Item | Price |',
  '| --- | ---: |',
  '| Spinach | 3.49 |',
  '',
  '```python',
  'print("total")',
  '```',
].join('\n');

const note = {
  id: 1,
  userId: 5,
  title: 'Corner Market',
  keyPoints: ['Total: $16.48'],
  detailedSummary: SUMMARY,
  originalText: 'CORNER MARKET\nTOTAL 16.48',
  createdAt: '2025-04-11T10:00:00.000Z',
} as Note;

describe('a Markdown summary in exports and shares', () => {
  it('is carried verbatim by the Markdown export, as its own block', () => {
    const markdown = notesToMarkdown([note], new Date('2025-04-12T00:00:00.000Z'));
    expect(markdown).toContain(`### Detailed Summary\n\n${SUMMARY}\n\n### Original Text`);
  });

  it('is carried verbatim by the shared text', () => {
    expect(shareText(note)).toBe(`Corner Market\n\n• Total: $16.48\n\n${SUMMARY}`);
  });
});
