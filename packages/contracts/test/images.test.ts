import { describe, expect, it } from 'vitest';
import { imageMetaOf, imageMetaSchema, uprightSize } from '../src/index.js';

describe('uprightSize', () => {
  it('keeps the stored size for orientations 1–4 and none, and swaps it for 5–8 (a quarter turn)', () => {
    const stored = { width: 800, height: 1200 };
    expect(uprightSize(stored)).toEqual({ width: 800, height: 1200 });
    for (const orientation of [1, 2, 3, 4]) expect(uprightSize({ ...stored, orientation })).toEqual(stored);
    for (const orientation of [5, 6, 7, 8]) {
      expect(uprightSize({ ...stored, orientation })).toEqual({ width: 1200, height: 800 });
    }
  });
});

describe('imageMetaOf', () => {
  it('keeps what uploads.image_meta stores of an ImageRef, the orientation only when there is one', () => {
    const ref = {
      index: 2,
      fileName: 'photo.jpg',
      key: 'users/1/uploads/u/2.jpg',
      contentType: 'image/jpeg' as const,
      bytes: 5000,
      width: 600,
      height: 900,
    };
    expect(imageMetaOf(ref)).toEqual({ contentType: 'image/jpeg', bytes: 5000, width: 600, height: 900 });
    expect(imageMetaOf({ ...ref, orientation: 6 })).toEqual({
      contentType: 'image/jpeg',
      bytes: 5000,
      width: 600,
      height: 900,
      orientation: 6,
    });
    expect(imageMetaSchema.safeParse(imageMetaOf({ ...ref, orientation: 6 })).success).toBe(true);
    expect(imageMetaSchema.safeParse({ ...imageMetaOf(ref), orientation: 9 }).success).toBe(false);
  });
});
