import { describe, expect, it } from 'vitest';
import { shareText } from './share-note.js';

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
