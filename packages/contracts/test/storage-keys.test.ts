import { describe, expect, it } from 'vitest';
import {
  parseUploadKey,
  thumbnailKey,
  uploadImageKey,
  uploadKeyPrefix,
  userKeyPrefix,
  USERS_KEY_PREFIX,
  withThumbnailKeys,
} from '../src/index.js';

const UPLOAD = '0b8e6a52-3f1c-4e7a-9d2b-5c6f7a8b9c0d';
const KEY = `users/42/uploads/${UPLOAD}/3.png`;

describe('storage keys', () => {
  it('writes the layout users/<id>/uploads/<uuid>/<n>.<ext>, each prefix a prefix of the next', () => {
    const key = uploadImageKey({ userId: 42, uploadId: UPLOAD, index: 3, extension: 'png' });
    expect(key).toBe(KEY);
    expect(userKeyPrefix(42)).toBe('users/42/');
    expect(uploadKeyPrefix(42, UPLOAD)).toBe(`users/42/uploads/${UPLOAD}/`);
    for (const prefix of [USERS_KEY_PREFIX, userKeyPrefix(42), uploadKeyPrefix(42, UPLOAD)]) {
      expect(key.startsWith(prefix)).toBe(true);
    }
    // Another user's prefix never covers the key (42 is not under 4).
    expect(key.startsWith(userKeyPrefix(4))).toBe(false);
  });

  it('parses back what it builds, originals and thumbnails', () => {
    for (const image of [
      { userId: 1, uploadId: UPLOAD, index: 0, extension: 'png' as const },
      { userId: 42, uploadId: UPLOAD, index: 9, extension: 'jpg' as const },
      { userId: 123456789, uploadId: UPLOAD, index: 24, extension: 'png' as const },
    ]) {
      const key = uploadImageKey(image);
      expect(parseUploadKey(key)).toEqual({ ...image, thumbnail: false });
      expect(parseUploadKey(thumbnailKey(key))).toEqual({ ...image, thumbnail: true });
    }
  });

  it("adds an original's thumbnail beside it, and no thumbnail of a thumbnail", () => {
    expect(thumbnailKey(KEY)).toBe(`${KEY}.thumb.webp`);
    expect(withThumbnailKeys([KEY])).toEqual([KEY, `${KEY}.thumb.webp`]);
    expect(withThumbnailKeys([`${KEY}.thumb.webp`])).toEqual([`${KEY}.thumb.webp`]);
  });

  it('reads the user id from the key, so a key under another user than its upload can be told', () => {
    const parsed = parseUploadKey(`users/7/uploads/${UPLOAD}/0.png`);
    expect(parsed?.userId).toBe(7);
    expect(parsed?.userId).not.toBe(42);
  });

  it('rejects keys the layout does not write', () => {
    const malformed = [
      '',
      'users/',
      'users/42/',
      `users/42/uploads/${UPLOAD}/`,
      `users/42/uploads/${UPLOAD}`,
      // Path traversal and relative segments.
      `users/42/uploads/${UPLOAD}/..`,
      `users/42/uploads/${UPLOAD}/../0.png`,
      `users/42/uploads/../uploads/${UPLOAD}/0.png`,
      `users/42/../43/uploads/${UPLOAD}/0.png`,
      `users/42/uploads/${UPLOAD}/./0.png`,
      `/users/42/uploads/${UPLOAD}/0.png`,
      // A user id that is not one: a name, zero, a sign, a leading zero, a fraction, empty.
      `users/alice/uploads/${UPLOAD}/0.png`,
      `users/0/uploads/${UPLOAD}/0.png`,
      `users/-1/uploads/${UPLOAD}/0.png`,
      `users/+1/uploads/${UPLOAD}/0.png`,
      `users/042/uploads/${UPLOAD}/0.png`,
      `users/4.2/uploads/${UPLOAD}/0.png`,
      `users//uploads/${UPLOAD}/0.png`,
      `users/99999999999999999999/uploads/${UPLOAD}/0.png`,
      // Extra or missing segments.
      `users/42/uploads/${UPLOAD}/nested/0.png`,
      `users/42/uploads/${UPLOAD}/0.png/1.png`,
      `users/42/${UPLOAD}/0.png`,
      `users/42/avatar.png`,
      `prefix/users/42/uploads/${UPLOAD}/0.png`,
      `users/42/uploads/${UPLOAD}//0.png`,
      // An upload id that is not a lowercase UUID.
      'users/42/uploads/not-a-uuid/0.png',
      `users/42/uploads/${UPLOAD.toUpperCase()}/0.png`,
      `users/42/uploads/${UPLOAD}x/0.png`,
      // A file name the gateway never writes.
      `users/42/uploads/${UPLOAD}/0.gif`,
      `users/42/uploads/${UPLOAD}/0.jpeg`,
      `users/42/uploads/${UPLOAD}/0.PNG`,
      `users/42/uploads/${UPLOAD}/00.png`,
      `users/42/uploads/${UPLOAD}/-1.png`,
      `users/42/uploads/${UPLOAD}/a.png`,
      `users/42/uploads/${UPLOAD}/0.png.thumb.png`,
      `users/42/uploads/${UPLOAD}/0.png.thumb.webp.thumb.webp`,
      `users/42/uploads/${UPLOAD}/0.png\n`,
      `users/42/uploads/${UPLOAD}/0.png `,
    ];
    for (const key of malformed) expect(parseUploadKey(key), JSON.stringify(key)).toBeUndefined();
  });

  it('refuses to build a key from parts the layout cannot hold', () => {
    const image = { userId: 42, uploadId: UPLOAD, index: 0, extension: 'png' as const };
    for (const userId of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => uploadImageKey({ ...image, userId })).toThrow(RangeError);
      expect(() => userKeyPrefix(userId)).toThrow(RangeError);
    }
    for (const uploadId of ['', '..', 'not-a-uuid', UPLOAD.toUpperCase(), `${UPLOAD}/..`, `../${UPLOAD}`]) {
      expect(() => uploadImageKey({ ...image, uploadId })).toThrow(RangeError);
      expect(() => uploadKeyPrefix(42, uploadId)).toThrow(RangeError);
    }
    for (const index of [-1, 0.5, Number.NaN]) expect(() => uploadImageKey({ ...image, index })).toThrow(RangeError);
    expect(() => uploadImageKey({ ...image, extension: 'gif' as never })).toThrow(RangeError);
  });
});
