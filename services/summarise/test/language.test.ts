import { describe, expect, it } from 'vitest';
import { detectLanguage, languageName } from '../src/language.js';
import { frenchNotes, lectureNotes } from './samples.js';

describe('detectLanguage', () => {
  it('names the language of prose with its ISO 639-3 code', () => {
    expect(detectLanguage(lectureNotes)).toBe('eng');
    expect(detectLanguage(frenchNotes)).toBe('fra');
    expect(
      detectLanguage('Die Besprechung wurde auf Donnerstagnachmittag verschoben, weil der Kunde verreist ist.'),
    ).toBe('deu');
    expect(detectLanguage('La reunión se ha trasladado al jueves por la tarde porque el cliente está de viaje.')).toBe(
      'spa',
    );
    expect(detectLanguage('تم نقل الاجتماع إلى بعد ظهر يوم الخميس لأن العميل مسافر.')).toBe('ara');
    expect(detectLanguage('会議は顧客が出張中のため木曜日の午後に変更されました。')).toBe('jpn');
  });

  it('returns null when there is too little prose to tell', () => {
    expect(detectLanguage('OK thanks')).toBeNull();
    expect(detectLanguage('12:30 — 14:00 | 3.5%')).toBeNull();
    expect(detectLanguage('')).toBeNull();
  });

  it('names languages in English for prompts', () => {
    expect(languageName('fra')).toBe('French');
    expect(languageName('zho')).toBe('Chinese');
    expect(languageName('xyz')).toBe('xyz');
  });
});

describe("the note's language from OCR's page languages", () => {
  it('takes the language of most of the text, and leaves undecided pages to the summariser', async () => {
    const { pageLanguage } = await import('../src/stage.js');
    expect(
      pageLanguage([
        { text: 'kurz', language: 'deu' },
        { text: 'a much longer English page', language: 'eng' },
      ]),
    ).toBe('eng');
    expect(pageLanguage([{ text: 'Ein langer deutscher Text', language: 'deu' }, { text: 'no language' }])).toBe('deu');
    expect(pageLanguage([{ text: 'nothing detected' }])).toBeNull();
  });
});
