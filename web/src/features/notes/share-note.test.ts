import { describe, expect, it } from 'vitest';
import { shareMarkdown, shareText } from './share-note.js';

describe('shareText', () => {
  it('is the title, the key points as bullets and the summary, without empty parts', () => {
    expect(
      shareText({
        title: 'Cells',
        keyPoints: ['Mitochondria make ATP', 'Ribosomes make proteins'],
        detailedSummary: 'Both.',
      }),
    ).toBe('Cells\n\n• Mitochondria make ATP\n• Ribosomes make proteins\n\nBoth.');
    expect(shareText({ title: 'A picture', keyPoints: [], detailedSummary: '  ' })).toBe('A picture');
  });
});

describe('shareMarkdown', () => {
  it('is the title as a heading, the key points as a list and the summary as written', () => {
    expect(
      shareMarkdown({
        title: 'Cells\nand parts',
        keyPoints: ['Mitochondria make  ATP', 'Ribosomes'],
        detailedSummary: '**Both** of them.\n\n| a | b |',
      }),
    ).toBe('# Cells and parts\n\n- Mitochondria make ATP\n- Ribosomes\n\n**Both** of them.\n\n| a | b |\n');
    expect(shareMarkdown({ title: 'A picture', keyPoints: [], detailedSummary: '' })).toBe('# A picture\n');
  });
});
