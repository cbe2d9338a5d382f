import { describe, expect, it } from 'vitest';
import { noteChanges } from '@snapnotes/contracts';
import { readAgainToast } from './api.js';
import { matchesSearch } from './local-search.js';

const note = {
  title: 'Plate tectonics',
  keyPoints: ['Plates move a few centimetres a year'],
  detailedSummary: 'Earthquakes happen where plates meet.',
  originalText: 'The mantle convects slowly.',
};

describe('matchesSearch (offline search, SPEC §5)', () => {
  it('matches a case-insensitive substring of the title, a key point, the summary or the original text', () => {
    expect(matchesSearch(note, 'TECTON')).toBe(true);
    expect(matchesSearch(note, 'centimetres a')).toBe(true);
    expect(matchesSearch(note, 'earthquakes')).toBe(true);
    expect(matchesSearch(note, ' mantle ')).toBe(true);
    expect(matchesSearch(note, 'volcano')).toBe(false);
    expect(matchesSearch(note, 'mantle plates')).toBe(false); // a substring, not words anywhere
  });
});

describe('readAgainToast', () => {
  it('says nothing changed when the new reading equals the note, else what changed', () => {
    expect(readAgainToast(noteChanges(note, { ...note }))).toEqual({
      title: 'Nothing changed',
      description: 'The note already matches its images.',
    });
    expect(readAgainToast(noteChanges(note, { ...note, detailedSummary: 'Other.' }))).toEqual({
      title: 'Note read again',
      description: 'The text is the same; the summary has been rewritten.',
    });
    expect(readAgainToast(noteChanges(note, { ...note, originalText: 'Other.' })).description).toBe(
      'Its text and summary have been updated.',
    );
    // An older server says nothing about changes: taken as updated.
    expect(readAgainToast(undefined).title).toBe('Note read again');
  });
});
