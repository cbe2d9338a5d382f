import { describe, expect, it } from 'vitest';
import {
  MAX_OCR_LANGUAGES,
  OCR_LANGUAGE_CODE,
  ocrLanguageName,
  updateUserSettingsBodySchema,
  userSchema,
} from '../src/index.js';

describe('OCR languages', () => {
  it('names the languages the OCR engine ships with, and shows other codes as they are', () => {
    expect(['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'nld'].map(ocrLanguageName)).toEqual([
      'English',
      'French',
      'German',
      'Spanish',
      'Italian',
      'Portuguese',
      'Dutch',
    ]);
    expect(ocrLanguageName('tlh')).toBe('tlh');
    expect(ocrLanguageName('constructor')).toBe('constructor');
    expect(OCR_LANGUAGE_CODE.test('chi_sim')).toBe(true);
    expect(OCR_LANGUAGE_CODE.test('../eng')).toBe(false);
  });

  it('settings body: 1 to 3 codes, trimmed and deduplicated in order', () => {
    expect(updateUserSettingsBodySchema.parse({ ocrLanguages: [' fra', 'eng', 'fra'] })).toEqual({
      ocrLanguages: ['fra', 'eng'],
    });
    expect(MAX_OCR_LANGUAGES).toBe(3);
    const message = (body: unknown) => updateUserSettingsBodySchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ ocrLanguages: [] })).toBe('Choose at least one language.');
    expect(message({ ocrLanguages: ['eng', 'fra', 'deu', 'spa'] })).toBe('Choose at most 3 languages.');
    expect(message({ ocrLanguages: ['eng', 'eng', 'eng', 'eng'] })).toBeUndefined();
    expect(message({ ocrLanguages: ['EN'] })).toBe('"EN" is not a language code such as eng or fra.');
    expect(message({})).toBe('ocrLanguages must be a list of language codes, e.g. ["eng", "fra"].');
  });

  it('user record: ocrLanguages is read as null when an older server leaves it out', () => {
    const base = { id: 1, firebaseUid: 'u', email: '', username: 'u', displayName: '', photoURL: '' };
    expect(userSchema.parse(base).ocrLanguages).toBeNull();
    expect(userSchema.parse({ ...base, ocrLanguages: ['deu'] }).ocrLanguages).toEqual(['deu']);
  });
});
