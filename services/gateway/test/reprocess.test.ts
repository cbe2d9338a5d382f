/** The pure parts of "Read again" (services/gateway/src/reprocess/job.ts), the re-read's 429 and its admission. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@snapnotes/config';
import { ErrorCode, FREE_REREADS_PER_DAY, imageRefSchema } from '@snapnotes/contracts';
import { PipelineFailure } from '@snapnotes/queue';
import { HttpError } from '../src/errors.js';
import { asRereadRateLimit, rateLimitMessage } from '../src/rate-limit.js';
import {
  failureCode,
  imageRefsOf,
  parseReprocessBody,
  reprocessFailure,
  rereadsPerDayReached,
} from '../src/reprocess/job.js';
import { UploadAdmission } from '../src/uploads/admission.js';

const config = loadConfig({});

function refusal(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return err as HttpError;
  }
  throw new Error('expected a refusal');
}

describe('parseReprocessBody', () => {
  it('takes no body, an empty one, or 1–3 offered languages (duplicates dropped)', () => {
    expect(parseReprocessBody(undefined, config)).toBeUndefined();
    expect(parseReprocessBody({}, config)).toBeUndefined();
    expect(parseReprocessBody({ languages: ['fra', 'eng', 'fra'] }, config)).toEqual(['fra', 'eng']);
  });

  it('answers 400 with the reason, as the settings do', () => {
    const cases: Array<[unknown, string]> = [
      [
        { languages: ['eng', 'jpn'] },
        '"jpn" is not a language this server reads. Choose from: eng, fra, deu, spa, ita, por, nld.',
      ],
      [{ languages: [] }, 'Choose at least one language.'],
      [{ languages: ['eng', 'fra', 'deu', 'spa'] }, 'Choose at most 3 languages.'],
      [{ languages: 'eng' }, 'languages must be a list of language codes, e.g. ["eng", "fra"].'],
      [{ languages: ['English'] }, '"English" is not a language code such as eng or fra.'],
    ];
    for (const [body, message] of cases) {
      const err = refusal(() => parseReprocessBody(body, config));
      expect({ status: err.statusCode, code: err.code, message: err.message }, JSON.stringify(body)).toEqual({
        status: 400,
        code: ErrorCode.BadRequest,
        message,
      });
    }
  });
});

describe('imageRefsOf', () => {
  const meta = { contentType: 'image/jpeg' as const, bytes: 900, width: 30, height: 40, orientation: 6 };

  it("rebuilds the job's images in upload order from the stored keys, names and meta", () => {
    const refs = imageRefsOf([
      { key: 'users/1/uploads/u/0.png', fileName: 'a.png', meta: { ...meta, contentType: 'image/png' } },
      { key: 'users/1/uploads/u/1.jpg', fileName: null, meta },
    ]);
    expect(refs).toEqual([
      { index: 0, fileName: 'a.png', key: 'users/1/uploads/u/0.png', ...meta, contentType: 'image/png' },
      { index: 1, fileName: 'image-2', key: 'users/1/uploads/u/1.jpg', ...meta },
    ]);
    for (const ref of refs!) expect(imageRefSchema.parse(ref)).toEqual(ref);
  });

  it('gives nothing when an image has no meta, or there are no images', () => {
    expect(imageRefsOf([{ key: 'k', fileName: 'a.png', meta: null }])).toBeUndefined();
    expect(imageRefsOf([])).toBeUndefined();
  });
});

describe('reprocessFailure', () => {
  const verdict = (code: 'INAPPROPRIATE_CONTENT' | 'NOTHING_EXTRACTED', files?: string[]) =>
    new PipelineFailure('verdict', 'v', { verdict: { code, message: 'One or more images…', files } });

  it('answers each way a re-read fails with a clean status, never 500', () => {
    const flagged = reprocessFailure(verdict('INAPPROPRIATE_CONTENT', ['a.png']));
    expect([flagged.statusCode, flagged.code, flagged.extra]).toEqual([
      400,
      ErrorCode.InappropriateContent,
      { inappropriateImages: ['a.png'] },
    ]);
    const cases: Array<[PipelineFailure, number, string, string]> = [
      [verdict('NOTHING_EXTRACTED'), 422, ErrorCode.NothingExtracted, 'NOTHING_EXTRACTED'],
      [new PipelineFailure('timeout', 't'), 504, ErrorCode.Timeout, ErrorCode.Timeout],
      [new PipelineFailure('error', 'e', { stage: 'ocr' }), 503, ErrorCode.ReprocessFailed, 'PIPELINE_ERROR'],
    ];
    for (const [failure, status, code, recorded] of cases) {
      const err = reprocessFailure(failure);
      expect([err.statusCode, err.code]).toEqual([status, code]);
      expect(err.message).toMatch(/unchanged/);
      expect(failureCode(failure)).toBe(recorded);
    }
  });
});

describe("the re-read's rate limit", () => {
  it('keeps the limiter’s Retry-After and says the rule for re-reads', () => {
    const limited = new HttpError(429, ErrorCode.RateLimited, rateLimitMessage(130), {}, { 'retry-after': '130' });
    const err = asRereadRateLimit(limited, 10, 300) as HttpError;
    expect([err.statusCode, err.code, err.headers]).toEqual([429, ErrorCode.RateLimited, { 'retry-after': '130' }]);
    expect(err.message).toBe(
      'Too many screenshots read: uploads and "Read again" together read at most 10 screenshots every 5 minutes. ' +
        'Try again in 3 minutes.',
    );
    const other = new HttpError(429, ErrorCode.UploadsInProgress, 'busy');
    expect(asRereadRateLimit(other)).toBe(other);
  });
});

describe("a free user's daily re-reads", () => {
  it('answers 429 REREADS_PER_DAY with Retry-After, saying when in hours or minutes', () => {
    const says = (seconds: number) => {
      const err = rereadsPerDayReached(seconds);
      expect([err.statusCode, err.code]).toEqual([429, ErrorCode.RereadsPerDay]);
      return [err.headers['retry-after'], err.message.match(/Try again in ([^,]+),/)?.[1]];
    };
    expect(says(22 * 3600 - 5)).toEqual([String(22 * 3600 - 5), '22 hours']);
    expect(says(3600)).toEqual(['3600', '1 hour']);
    expect(says(3599)).toEqual(['3599', '60 minutes']);
    expect(says(61)).toEqual(['61', '2 minutes']);
    expect(says(1)).toEqual(['60', '1 minute']); // never "0": at least a minute
    expect(rereadsPerDayReached(100).message).toBe(
      `Free accounts can use "Read again" ${FREE_REREADS_PER_DAY} times a day. Try again in 2 minutes, ` +
        'or subscribe for unlimited re-reads.',
    );
  });
});

describe('UploadAdmission for a re-read', () => {
  it("takes one of the caller's places and counts no body being received", () => {
    const admission = new UploadAdmission(2, 1);
    const upload = admission.admit(7, null);
    const other = admission.admit(8, null); // receiving takes no gateway-wide place: never a 503
    const reread = admission.admit(7, null, { body: false }); // no body: admitted
    expect(admission.receiving).toBe(2);
    const busy = refusal(() => admission.admit(7, null, { body: false }));
    expect([busy.statusCode, busy.code]).toEqual([429, ErrorCode.UploadsInProgress]);
    reread.release();
    upload.release();
    other.release();
    expect([admission.receiving, admission.activeFor(7)]).toEqual([0, 0]);
  });
});
