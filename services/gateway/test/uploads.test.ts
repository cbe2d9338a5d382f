/**
 * The checks of an uploaded file, as the upload runs them (uploads/service.ts): the quick checks by content
 * (`inspectImage`), then the full decode that makes the thumbnail (`decodeWithThumbnail`); and the display-safe file
 * name the upload keeps (`sanitizeFileName`).
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  corruptPng,
  decompressionBombPng,
  fakePngWithTextContent,
  gifImage,
  renderScreenshot,
} from '@snapnotes/testing/images';
import { HttpError } from '../src/errors.js';
import { inspectImage } from '../src/uploads/image-checks.js';
import { sanitizeFileName } from '../src/uploads/multipart.js';
import { decodeWithThumbnail } from '../src/uploads/thumbnails.js';

/** The quick checks, then the full decode: the upload's order. */
async function refusal(fileName: string, data: Buffer): Promise<HttpError> {
  try {
    await decodeWithThumbnail(await inspectImage({ fileName, data }));
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('expected the image to be refused');
}

describe('inspectImage', () => {
  it('accepts a PNG and a JPEG by content and reports their size', async () => {
    const png = await renderScreenshot({ lines: ['Hello'], width: 320, height: 200 });
    const jpeg = await sharp(png).jpeg().toBuffer();
    const a = await inspectImage({ fileName: 'a.png', data: png });
    const b = await inspectImage({ fileName: 'misnamed.png', data: jpeg });
    expect([a.contentType, a.extension, a.width, a.height]).toEqual(['image/png', 'png', 320, 200]);
    // The type comes from the bytes, not the name.
    expect([b.contentType, b.extension]).toEqual(['image/jpeg', 'jpg']);
  });

  it('refuses a text file named .png', async () => {
    const err = await refusal('notes.png', await fakePngWithTextContent());
    expect(err.statusCode).toBe(400);
    expect(err.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(err.message).toContain('"notes.png" is not a PNG or JPEG image');
  });

  it('refuses a GIF and names its real type', async () => {
    const err = await refusal('anim.png', await gifImage());
    expect(err.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(err.message).toContain('(it is GIF)');
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const err = await refusal('bomb.png', await decompressionBombPng());
    expect(err.code).toBe('IMAGE_DIMENSIONS_TOO_LARGE');
    expect(err.message).toMatch(/\d+×\d+ pixels/);
  });

  it('refuses an empty file', async () => {
    const err = await refusal('empty.png', Buffer.alloc(0));
    expect(err.code).toBe('CORRUPT_IMAGE');
  });
});

describe('decodeWithThumbnail', () => {
  it('makes a WebP thumbnail of a good image', async () => {
    const png = await renderScreenshot({ lines: ['Hello'], width: 320, height: 200 });
    const thumbnail = await decodeWithThumbnail(await inspectImage({ fileName: 'a.png', data: png }));
    expect((await sharp(thumbnail!).metadata()).format).toBe('webp');
  });

  it('refuses a truncated PNG as corrupt (its header reads fine)', async () => {
    const data = await corruptPng();
    await expect(inspectImage({ fileName: 'broken.png', data })).resolves.toMatchObject({ width: 640, height: 480 });
    const err = await refusal('broken.png', data);
    expect(err.statusCode).toBe(400);
    expect(err.code).toBe('CORRUPT_IMAGE');
    expect(err.message).toContain('"broken.png" could not be read');
  });
});

describe('sanitizeFileName', () => {
  const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`;

  it('drops paths and control characters and bounds the length', () => {
    expect(sanitizeFileName('../../etc/passwd.png', 0)).toBe('passwd.png');
    expect(sanitizeFileName('C:\\Users\\me\\shot.png', 0)).toBe('shot.png');
    expect(sanitizeFileName('a\u0000b\u001f.png', 0)).toBe('ab.png');
    expect(sanitizeFileName('', 2)).toBe('image-3');
    expect(sanitizeFileName('x'.repeat(300), 0)).toHaveLength(255);
  });

  it('drops bidi controls, so a name cannot display as something it is not', () => {
    expect(sanitizeFileName('invoice\u202Egnp.exe.png', 0)).toBe('invoicegnp.exe.png');
    expect(sanitizeFileName('invoice\u202Egnp.exe', 0)).toBe('invoicegnp.exe');
    const bidi = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
    const marks = ['\u200E', '\u200F', '\u061C'];
    for (const c of [...bidi, ...marks]) expect(sanitizeFileName(`re${c}port.png`, 0), codePoint(c)).toBe('report.png');
  });

  it('drops zero-width and other invisible or control characters', () => {
    const zeroWidth = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];
    const others = ['\u00AD', '\u0085', '\u009B', '\u2028', '\u2029']; // soft hyphen, C1 controls, separators
    for (const c of [...zeroWidth, ...others]) {
      expect(sanitizeFileName(`no${c}tes.png`, 0), codePoint(c)).toBe('notes.png');
    }
    expect(sanitizeFileName('\uFEFFslide\u200B\u200B 1.png', 0)).toBe('slide 1.png');
    expect(sanitizeFileName('lines\r\nand\ttabs.png', 0)).toBe('linesandtabs.png');
    expect(sanitizeFileName('two\u00A0\u3000spaces.png', 0)).toBe('two spaces.png');
  });

  it('is NFC, keeps letters of every script and emoji, and never splits a character at the limit', () => {
    expect(sanitizeFileName('cafe\u0301.png', 0)).toBe('caf\u00E9.png');
    expect(sanitizeFileName('e\u200B\u0301t\u00E9.png', 0)).toBe('\u00E9t\u00E9.png');
    expect(sanitizeFileName('שלום עולם.png', 0)).toBe('שלום עולם.png');
    expect(sanitizeFileName('ملاحظات.png', 0)).toBe('ملاحظات.png');
    expect(sanitizeFileName('📷 notes.png', 0)).toBe('📷 notes.png');
    const long = sanitizeFileName('a' + '😀'.repeat(200), 0);
    expect(long.length).toBe(255);
    expect(long.endsWith('😀')).toBe(true);
  });

  it('falls back to image-<n> when nothing visible is left', () => {
    expect(sanitizeFileName('\u202E\u200B\uFEFF', 1)).toBe('image-2');
    expect(sanitizeFileName('folder/\u200D', 0)).toBe('image-1');
    expect(sanitizeFileName(undefined, 0)).toBe('image-1');
  });
});
