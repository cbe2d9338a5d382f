import { describe, expect, it } from 'vitest';
import type { Note } from '@snapnotes/contracts';
import {
  filtersFromParams,
  filtersToApiParams,
  filtersToParams,
  hasFilters,
  matchesFilters,
  NO_FILTERS,
  savedFilterOptions,
} from './library-filters.js';

const note = (over: Partial<Note>): Note => ({
  id: 1,
  userId: 1,
  title: 'T',
  keyPoints: [],
  detailedSummary: '',
  originalText: '',
  kind: 'text',
  imageCount: 0,
  wordCount: 0,
  language: 'eng',
  contentKind: 'chat',
  tags: ['chat', 'english', 'japan trip'],
  createdAt: new Date(2026, 2, 10, 23, 30).toISOString(),
  updatedAt: new Date(2026, 2, 10, 23, 30).toISOString(),
  ...over,
});

describe('the library filters in the URL', () => {
  it('round-trip through the search params: tags repeated in order, days as written', () => {
    const filters = {
      q: 'osaka',
      tags: ['japan trip', 'food'],
      kind: 'chat' as const,
      lang: 'fra',
      from: '2026-03-01',
      to: '2026-03-31',
    };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe('q=osaka&tag=japan+trip&tag=food&kind=chat&lang=fra&from=2026-03-01&to=2026-03-31');
    expect(filtersFromParams(params)).toEqual(filters);
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, q: 'x' })).toBe(false);
  });

  it('ignore what a hand-edited link gets wrong, and normalise its tags', () => {
    const params = new URLSearchParams(
      'tag=%23Japan_Trip&tag=japan+trip&tag=a,b&kind=poem&lang=EN!&from=2026-02-30&to=soon',
    );
    expect(filtersFromParams(params)).toEqual({ ...NO_FILTERS, tags: ['japan trip'] });
  });

  it('send the days to the API as the user’s local midnights, the last day through its end', () => {
    const api = filtersToApiParams({ ...NO_FILTERS, tags: ['a'], from: '2026-03-01', to: '2026-03-01' });
    expect(api.getAll('tag')).toEqual(['a']);
    expect(new Date(api.get('from')!).getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(api.get('to')!).getTime()).toBe(new Date(2026, 2, 2).getTime());
  });
});

describe('the filters offline, on the saved notes', () => {
  it('match every tag, the kind, the language and the local days', () => {
    const n = note({});
    expect(matchesFilters(n, { ...NO_FILTERS, tags: ['japan trip', 'chat'] })).toBe(true);
    expect(matchesFilters(n, { ...NO_FILTERS, tags: ['japan trip', 'food'] })).toBe(false);
    expect(matchesFilters(n, { ...NO_FILTERS, kind: 'receipt' })).toBe(false);
    expect(matchesFilters(n, { ...NO_FILTERS, lang: 'fra' })).toBe(false);
    expect(matchesFilters(n, { ...NO_FILTERS, from: '2026-03-10', to: '2026-03-10' })).toBe(true);
    expect(matchesFilters(n, { ...NO_FILTERS, from: '2026-03-11' })).toBe(false);
    expect(matchesFilters(n, { ...NO_FILTERS, to: '2026-03-09' })).toBe(false);
  });

  it('treat a note saved before tags existed as having none', () => {
    const old = { ...note({}), tags: undefined, contentKind: undefined } as unknown as Note;
    expect(matchesFilters(old, NO_FILTERS)).toBe(true);
    expect(matchesFilters(old, { ...NO_FILTERS, tags: ['chat'] })).toBe(false);
    expect(savedFilterOptions([old, note({ id: 2 })]).tags[0]).toEqual({ tag: 'chat', notes: 1 });
  });

  it('offer the saved notes’ tags, kinds and languages, most used first', () => {
    const options = savedFilterOptions([
      note({ id: 1 }),
      note({ id: 2, tags: ['receipt', 'tesco'], contentKind: 'receipt' }),
      note({ id: 3, tags: ['chat', 'french'], language: 'fra' }),
    ]);
    expect(options.tags.slice(0, 2)).toEqual([
      { tag: 'chat', notes: 2 },
      { tag: 'english', notes: 1 },
    ]);
    expect(options.kinds).toEqual([
      { kind: 'chat', notes: 2 },
      { kind: 'receipt', notes: 1 },
    ]);
    expect(options.languages[0]).toEqual({ language: 'eng', notes: 2 });
  });
});
