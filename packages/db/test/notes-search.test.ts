import { describe, expect, it } from 'vitest';
import {
  decodeListCursor,
  decodeSearchCursor,
  encodeListCursor,
  encodeSearchCursor,
  InvalidCursorError,
} from '../src/repos/notes-cursor.js';
import {
  cutSnippet,
  headlineMatch,
  literalMatch,
  parseHeadline,
  similarWordMatch,
  START_SEL,
  STOP_SEL,
  trigramSimilarity,
} from '../src/repos/notes-snippet.js';

/** Every highlight's text in the snippet. */
const marked = (m: { snippet: string; highlights: Array<[number, number]> }) =>
  m.highlights.map(([a, b]) => m.snippet.slice(a, b));

const refused = (fn: () => unknown) => expect(fn).toThrow(InvalidCursorError);

describe('list cursors', () => {
  it('round-trip the microseconds PostgreSQL printed', () => {
    const c = encodeListCursor({ createdAt: '2025-03-15T12:00:00.123456', id: 42 });
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeListCursor(c)).toEqual({ createdAt: '2025-03-15T12:00:00.123456', id: 42 });
  });

  it('refuses a cursor that was altered, cut, made up or is of the wrong kind', () => {
    const c = encodeListCursor({ createdAt: '2025-03-15T12:00:00.123456', id: 42 });
    for (let i = 0; i < c.length; i++) {
      const flipped = c.slice(0, i) + (c[i] === 'A' ? 'B' : 'A') + c.slice(i + 1);
      refused(() => decodeListCursor(flipped));
    }
    refused(() => decodeListCursor(c.slice(0, -3)));
    refused(() => decodeListCursor(''));
    refused(() => decodeListCursor('not a cursor!'));
    refused(() => decodeListCursor('x'.repeat(300)));
    refused(() => decodeListCursor(Buffer.from('l1|2025-03-15T12:00:00.123456|42|forged').toString('base64url')));
    refused(() => decodeListCursor(encodeSearchCursor('cats', { tier: 0, offset: 50 })));
  });

  it('refuses impossible times and ids even when the digest matches', () => {
    // What a forger who recomputes the digest could send: still never a 500 from PostgreSQL.
    refused(() => decodeListCursor(encodeListCursor({ createdAt: '2025-02-30T12:00:00.000000', id: 1 })));
    refused(() => decodeListCursor(encodeListCursor({ createdAt: '2025-03-15T25:00:00.000000', id: 1 })));
    refused(() => decodeListCursor(encodeListCursor({ createdAt: '2025-03-15 12:00:00', id: 1 })));
    refused(() => decodeListCursor(encodeListCursor({ createdAt: "2025-03-15T12:00:00.000000'--", id: 1 })));
    refused(() => decodeListCursor(encodeListCursor({ createdAt: '2025-03-15T12:00:00.000000', id: 0 })));
    refused(() => decodeListCursor(encodeListCursor({ createdAt: '2025-03-15T12:00:00.000000', id: 2 ** 31 })));
  });
});

describe('search cursors', () => {
  it('continue the same search only', () => {
    const c = encodeSearchCursor('Photosynthesis', { tier: 1, offset: 50 });
    expect(decodeSearchCursor('photosynthesis ', c, 3)).toEqual({ tier: 1, offset: 50 });
    refused(() => decodeSearchCursor('chlorophyll', c, 3));
    refused(() =>
      decodeSearchCursor('photosynthesis', encodeListCursor({ createdAt: '2025-03-15T12:00:00.000000', id: 1 }), 3),
    );
    refused(() => decodeSearchCursor('x', encodeSearchCursor('x', { tier: 3, offset: 0 }), 3));
    refused(() => decodeSearchCursor('x', encodeSearchCursor('x', { tier: 0, offset: 10_001 }), 3));
  });
});

describe('snippets', () => {
  const note = {
    title: 'Photosynthesis basics',
    keyPoints: ['Plants make sugar', 'Light is needed for it'],
    detailedSummary: 'Plants convert light into chemical energy.',
    originalText: `${'Filler words before the match. '.repeat(8)}The chloroplast\nholds   chlorophyll, which absorbs light. ${'More text after it. '.repeat(10)}`,
  };

  it('reads ts_headline markers as ranges', () => {
    expect(parseHeadline(`a ${START_SEL}bc${STOP_SEL} d ${START_SEL}e${STOP_SEL}`)).toEqual({
      plain: 'a bc d e',
      ranges: [
        [2, 4],
        [7, 8],
      ],
    });
  });

  it('cuts around the first match, on word boundaries, whitespace compacted, with ellipses', () => {
    const text = note.originalText;
    const at = text.indexOf('chlorophyll');
    const m = cutSnippet(text, [[at, at + 'chlorophyll'.length]]);
    expect(m.snippet.startsWith('…')).toBe(true);
    expect(m.snippet.endsWith('…')).toBe(true);
    expect(m.snippet).toContain('The chloroplast holds chlorophyll, which absorbs light.');
    expect(marked(m)).toEqual(['chlorophyll']);
    expect(m.snippet.length).toBeLessThanOrEqual(170);
    expect(m.snippet).not.toMatch(/\s{2}|\n/);
  });

  it('places a headline excerpt back in its field', () => {
    const headline = `The chloroplast holds ${START_SEL}chlorophyll${STOP_SEL}, which absorbs ${START_SEL}light${STOP_SEL}.`;
    // ts_headline copies the field's text, line break and spaces included.
    const m = headlineMatch(note, 'originalText', headline.replace('chloroplast holds', 'chloroplast\nholds  '));
    expect(m?.field).toBe('originalText');
    expect(marked(m!)).toEqual(['chlorophyll', 'light']);
    expect(headlineMatch(note, 'title', 'Photosynthesis basics')).toBeNull();
  });

  it('keeps a key point match inside its key point', () => {
    const m = headlineMatch(note, 'keyPoints', `${START_SEL}Light${STOP_SEL} is needed for it`);
    expect(m).toEqual({ field: 'keyPoints', snippet: 'Light is needed for it', highlights: [[0, 5]] });
  });

  it('finds the text as typed, case-insensitively, in the first field holding it', () => {
    expect(literalMatch(note, 'SYNTH')).toEqual({
      field: 'title',
      snippet: 'Photosynthesis basics',
      highlights: [[5, 10]],
    });
    expect(literalMatch(note, 'make sug')).toMatchObject({ field: 'keyPoints', snippet: 'Plants make sugar' });
    expect(literalMatch(note, 'sugar\nLight')).toBeNull();
    expect(literalMatch(note, 'chemical energy')).toMatchObject({ field: 'detailedSummary' });
    expect(marked(literalMatch(note, 'absorbs')!)).toEqual(['absorbs']);
    expect(literalMatch(note, '50% (off)')).toBeNull();
    expect(literalMatch({ ...note, title: 'Discount 50% (off) [sale]' }, '50% (off) [')).toMatchObject({
      highlights: [[9, 20]],
    });
  });

  it('highlights the closest word of a fuzzy match', () => {
    expect(trigramSimilarity('photosynthsis', 'photosynthesis')).toBeCloseTo(0.706, 2);
    const m = similarWordMatch(note, 'chlorophyl');
    expect(m.field).toBe('originalText');
    expect(marked(m)).toEqual(['chlorophyll']);
    expect(similarWordMatch(note, 'zzz')).toEqual({ field: 'title', snippet: 'Photosynthesis basics', highlights: [] });
  });
});
