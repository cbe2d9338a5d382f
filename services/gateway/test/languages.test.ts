import { describe, expect, it } from 'vitest';
import { loadConfig } from '@snapnotes/config';
import { MAX_OCR_LANGUAGES, ocrLanguagesResponseSchema, uploadJobSchema } from '@snapnotes/contracts';
import { HttpError } from '../src/errors.js';
import { jobLanguages, ocrLanguagesResponse, parseSettingsBody } from '../src/languages.js';

const config = loadConfig({});

function refusal(body: unknown, cfg = config): string {
  try {
    parseSettingsBody(body, cfg);
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(400);
    return (err as HttpError).message;
  }
  throw new Error(`accepted ${JSON.stringify(body)}`);
}

describe('jobLanguages', () => {
  it("reads the user's languages first, else the server's defaults", () => {
    expect(jobLanguages(['fra', 'eng'], config)).toEqual(['fra', 'eng']);
    expect(jobLanguages(null, config)).toEqual(['eng']);
    expect(jobLanguages(undefined, config)).toEqual(['eng']);
    const cfg = loadConfig({ OCR_LANGUAGES: 'eng,deu,fra', OCR_DEFAULT_LANGUAGES: 'deu,eng' });
    expect(jobLanguages(null, cfg)).toEqual(['deu', 'eng']);
  });

  it('drops languages the server no longer offers, and falls back when none is left', () => {
    const cfg = loadConfig({ OCR_LANGUAGES: 'eng,fra' });
    expect(jobLanguages(['spa', 'fra'], cfg)).toEqual(['fra']);
    expect(jobLanguages(['spa', 'ita'], cfg)).toEqual(['eng']);
  });

  it('always gives a list the job payload accepts', () => {
    for (const chosen of [null, ['nld'], ['deu', 'spa', 'ita'], ['xxx']]) {
      const job = {
        jobId: '7c6c2f66-8f0c-4e38-9d56-7a3f0c7f3f10',
        purpose: { kind: 'upload' },
        userId: 1,
        correlationId: 'c',
        premium: false,
        languages: jobLanguages(chosen, config),
        images: [{ index: 0, fileName: 'a.png', key: 'k', contentType: 'image/png', bytes: 1, width: 1, height: 1 }],
      };
      expect(uploadJobSchema.safeParse(job).success, JSON.stringify(chosen)).toBe(true);
    }
  });
});

describe('ocrLanguagesResponse', () => {
  it('lists the offered languages by name, in the configured order, with the defaults', () => {
    const body = ocrLanguagesResponse(config);
    expect(ocrLanguagesResponseSchema.parse(body)).toEqual({
      languages: [
        { code: 'eng', name: 'English' },
        { code: 'fra', name: 'French' },
        { code: 'deu', name: 'German' },
        { code: 'spa', name: 'Spanish' },
        { code: 'ita', name: 'Italian' },
        { code: 'por', name: 'Portuguese' },
        { code: 'nld', name: 'Dutch' },
      ],
      defaults: ['eng'],
    });
    expect(ocrLanguagesResponse(loadConfig({ OCR_LANGUAGES: 'eng,xyz' })).languages).toEqual([
      { code: 'eng', name: 'English' },
      { code: 'xyz', name: 'xyz' },
    ]);
  });
});

describe('parseSettingsBody', () => {
  it('accepts 1 to 3 offered codes and drops duplicates, keeping the order', () => {
    expect(parseSettingsBody({ ocrLanguages: ['fra'] }, config)).toEqual({ ocrLanguages: ['fra'] });
    expect(parseSettingsBody({ ocrLanguages: ['deu', ' eng', 'deu', 'spa', 'eng'] }, config)).toEqual({
      ocrLanguages: ['deu', 'eng', 'spa'],
    });
  });

  it('refuses with a message saying what is wrong', () => {
    expect(refusal(undefined)).toBe('ocrLanguages must be a list of language codes, e.g. ["eng", "fra"].');
    expect(refusal({ ocrLanguages: 'eng' })).toBe(
      'ocrLanguages must be a list of language codes, e.g. ["eng", "fra"].',
    );
    expect(refusal({ ocrLanguages: [] })).toBe('Choose at least one language.');
    expect(refusal({ ocrLanguages: ['eng', 'fra', 'deu', 'spa'] })).toBe('Choose at most 3 languages.');
    expect(refusal({ ocrLanguages: ['eng', 'English'] })).toBe('"English" is not a language code such as eng or fra.');
    expect(refusal({ ocrLanguages: [42] })).toBe('Each language must be a language code such as eng or fra.');
    expect(refusal({ ocrLanguages: ['eng', 'jpn'] })).toBe(
      '"jpn" is not a language this server reads. Choose from: eng, fra, deu, spa, ita, por, nld.',
    );
    expect(refusal({ ocrLanguages: ['kor', 'jpn'] }, loadConfig({ OCR_LANGUAGES: 'eng,fra' }))).toBe(
      '"kor", "jpn" are not languages this server reads. Choose from: eng, fra.',
    );
  });

  it('uses the same limit as the configuration of the defaults', () => {
    const codes = ['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'nld'];
    expect(() => loadConfig({ OCR_DEFAULT_LANGUAGES: codes.slice(0, MAX_OCR_LANGUAGES).join(',') })).not.toThrow();
    expect(() => loadConfig({ OCR_DEFAULT_LANGUAGES: codes.slice(0, MAX_OCR_LANGUAGES + 1).join(',') })).toThrow(
      `at most ${MAX_OCR_LANGUAGES}`,
    );
  });
});
