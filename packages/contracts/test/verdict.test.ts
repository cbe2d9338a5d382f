import { describe, expect, it } from 'vitest';
import {
  inappropriate,
  isPermanentError,
  isVerdictError,
  nothingExtracted,
  parseVerdict,
  summaryResultSchema,
  uploadJobSchema,
} from '../src/index.js';

describe('verdicts', () => {
  it('survive being carried as a plain failedReason string', () => {
    const err = inappropriate(['a.png', 'b "quoted".png']);
    const carried = `child bull:summarise:123 failed: ${err.message}`;
    expect(parseVerdict(carried)).toEqual({
      code: 'INAPPROPRIATE_CONTENT',
      message: 'One or more images contain inappropriate content and cannot be processed',
      files: ['a.png', 'b "quoted".png'],
    });
    expect(parseVerdict(nothingExtracted().message)?.code).toBe('NOTHING_EXTRACTED');
  });

  it('are recognised after crossing a process boundary as a plain Error', () => {
    const plain = new Error(inappropriate(['x.png']).message);
    expect(isVerdictError(plain)).toBe(true);
    expect(isVerdictError(new Error('ECONNRESET'))).toBe(false);
    expect(parseVerdict('SNAPNOTES_VERDICT {not json')).toBeNull();
    expect(parseVerdict('SNAPNOTES_VERDICT {"code":"OTHER"}')).toBeNull();
  });

  it('mark verdicts and retryable:false errors as permanent, anything else as transient', () => {
    expect(isPermanentError(nothingExtracted())).toBe(true);
    expect(isPermanentError(Object.assign(new Error('bad image'), { retryable: false }))).toBe(true);
    expect(isPermanentError(Object.assign(new Error('S3 503'), { retryable: true }))).toBe(false);
    expect(isPermanentError(new Error('timeout'))).toBe(false);
    expect(isPermanentError(undefined)).toBe(false);
  });
});

describe('job schemas', () => {
  const image = {
    index: 0,
    fileName: 'a.png',
    key: 'users/1/uploads/u/0.png',
    contentType: 'image/png',
    bytes: 10,
    width: 5,
    height: 5,
  };
  const job = {
    jobId: '6f1c7a52-54f4-4a8d-9a3b-1d2f1e0c9b1a',
    purpose: { kind: 'upload' },
    userId: 1,
    correlationId: 'req-1',
    premium: false,
    languages: ['eng'],
    images: [image],
  };

  it('accept a well-formed upload and refuse what a stage cannot handle', () => {
    expect(uploadJobSchema.parse(job)).toEqual(job);
    expect(uploadJobSchema.safeParse({ ...job, images: [] }).success).toBe(false);
    expect(uploadJobSchema.safeParse({ ...job, images: Array(11).fill(image) }).success).toBe(false);
    expect(uploadJobSchema.safeParse({ ...job, languages: ['../../etc'] }).success).toBe(false);
    expect(uploadJobSchema.safeParse({ ...job, images: [{ ...image, contentType: 'image/gif' }] }).success).toBe(false);
    expect(uploadJobSchema.safeParse({ ...job, purpose: { kind: 'reread' } }).success).toBe(false);
    expect(uploadJobSchema.safeParse({ ...job, purpose: undefined }).success).toBe(false);
  });

  it('say what a job is for: a re-read names its note', () => {
    const reread = { ...job, purpose: { kind: 'reread', noteId: 4, requireText: true } };
    expect(uploadJobSchema.parse(reread)).toEqual(reread);
    expect(
      uploadJobSchema.safeParse({ ...job, purpose: { kind: 'reread', noteId: 0, requireText: true } }).success,
    ).toBe(false);
  });

  it('read a job queued by the release before (uploadId, and an optional reprocess for a re-read)', () => {
    const { jobId, purpose: _purpose, ...rest } = job;
    expect(uploadJobSchema.parse({ ...rest, uploadId: jobId })).toEqual(job);
    expect(uploadJobSchema.parse({ ...rest, uploadId: jobId, reprocess: { noteId: 9, requireText: false } })).toEqual({
      ...job,
      purpose: { kind: 'reread', noteId: 9, requireText: false },
    });
    expect(uploadJobSchema.safeParse({ ...rest, uploadId: 'not-a-uuid' }).success).toBe(false);
  });

  it('bound a summary to 1–6 key points', () => {
    const base = { title: 'T', detailedSummary: 'D', originalText: '', kind: 'text', language: null, engine: 'local' };
    expect(summaryResultSchema.safeParse({ ...base, keyPoints: [] }).success).toBe(false);
    expect(summaryResultSchema.safeParse({ ...base, keyPoints: Array(7).fill('k') }).success).toBe(false);
    expect(summaryResultSchema.safeParse({ ...base, keyPoints: ['one'] }).success).toBe(true);
  });
});
