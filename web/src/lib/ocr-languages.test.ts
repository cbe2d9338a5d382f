import { describe, expect, it } from 'vitest';
import { loadConfig } from '@snapnotes/config';
import { DEFAULT_OCR_LANGUAGES, formatLanguageNames, parseOcrLanguages } from './ocr-languages.js';

describe('DEFAULT_OCR_LANGUAGES', () => {
  it('is what a server with the default configuration offers (OCR_LANGUAGES, OCR_DEFAULT_LANGUAGES)', () => {
    const config = loadConfig({});
    expect(DEFAULT_OCR_LANGUAGES.languages.map((l) => l.code)).toEqual(config.OCR_LANGUAGES);
    expect(DEFAULT_OCR_LANGUAGES.defaults).toEqual(config.OCR_DEFAULT_LANGUAGES);
  });

  it('names the seven languages the About page promises', () => {
    expect(DEFAULT_OCR_LANGUAGES.languages.map((l) => l.name)).toEqual([
      'English',
      'French',
      'German',
      'Spanish',
      'Italian',
      'Portuguese',
      'Dutch',
    ]);
  });
});

describe('parseOcrLanguages', () => {
  it('accepts the server reply and refuses anything else', () => {
    const reply = { languages: [{ code: 'eng', name: 'English' }], defaults: ['eng'] };
    expect(parseOcrLanguages(reply)).toEqual(reply);
    expect(parseOcrLanguages({ languages: [], defaults: [] })).toBeNull();
    expect(parseOcrLanguages({ message: 'Authentication service not available' })).toBeNull();
    expect(parseOcrLanguages(null)).toBeNull();
  });
});

describe('formatLanguageNames', () => {
  it('joins names as an English list', () => {
    expect(formatLanguageNames(['English'])).toBe('English');
    expect(formatLanguageNames(['French', 'English'])).toBe('French and English');
    expect(formatLanguageNames(['English', 'French', 'German'])).toBe('English, French, and German');
  });
});
