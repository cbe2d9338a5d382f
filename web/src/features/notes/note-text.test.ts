import { describe, expect, it } from 'vitest';
import { copyText, decideTitleSave, filterNotes, type NoteContent } from './note-text.js';

const notes: (NoteContent & { id: number })[] = [
  {
    id: 1,
    title: 'Photosynthesis',
    keyPoints: ['Chlorophyll absorbs light', 'Produces oxygen'],
    detailedSummary: 'Plants turn light into sugar.',
    originalText: 'THYLAKOID membranes',
  },
  {
    id: 2,
    title: 'French Revolution',
    keyPoints: ['Began in 1789'],
    detailedSummary: 'Monarchy abolished.',
    originalText: 'Storming of the Bastille',
  },
];

describe('filterNotes', () => {
  it('matches case-insensitive substrings in every searched field', () => {
    expect(filterNotes(notes, 'photo').map((n) => n.id)).toEqual([1]);
    expect(filterNotes(notes, 'CHLOROPHYLL').map((n) => n.id)).toEqual([1]);
    expect(filterNotes(notes, 'monarchy').map((n) => n.id)).toEqual([2]);
    expect(filterNotes(notes, 'thylakoid').map((n) => n.id)).toEqual([1]);
    expect(filterNotes(notes, '1789').map((n) => n.id)).toEqual([2]);
  });

  it('returns every note for an empty query and none for a miss', () => {
    expect(filterNotes(notes, '   ')).toHaveLength(2);
    expect(filterNotes(notes, 'quantum')).toEqual([]);
  });
});

describe('copyText', () => {
  it('joins the title and key points with newlines for Key Ideas', () => {
    expect(copyText(notes[0]!, 'keyIdeas')).toBe('Photosynthesis\nChlorophyll absorbs light\nProduces oxygen');
  });
  it('copies the detailed summary and the original text as they are', () => {
    expect(copyText(notes[1]!, 'detailed')).toBe('Monarchy abolished.');
    expect(copyText(notes[1]!, 'original')).toBe('Storming of the Bastille');
  });
});

describe('decideTitleSave', () => {
  it('saves a changed title, trimmed', () => {
    expect(decideTitleSave('Old', '  New title ')).toEqual({ action: 'save', title: 'New title' });
  });
  it('reverts an empty title and makes no call for an unchanged one', () => {
    expect(decideTitleSave('Old', '   ')).toEqual({ action: 'revert' });
    expect(decideTitleSave('Old', ' Old ')).toEqual({ action: 'none' });
  });
});
