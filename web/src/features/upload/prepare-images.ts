import { MAX_FILE_BYTES, MAX_IMAGE_PIXELS } from '@snapnotes/contracts';
import { readPixelSize } from './image-size.js';

/**
 * Phone photos are made to fit before upload (issue 15): a 48-megapixel camera photo is over the server's pixel limit
 * (MAX_IMAGE_PIXELS, 40 MP) and often over 10 MB, and would be refused. Such a photo is decoded in the browser
 * (EXIF orientation applied), scaled to TARGET_PIXELS, well above what OCR needs to read a page, and encoded again
 * as JPEG. Screenshots and photos that already fit are sent untouched, byte for byte.
 */
export const TARGET_PIXELS = 16_000_000;
const JPEG_QUALITY = 0.9;

/** Why a file needs resizing: too many pixels or too many bytes. Null for one that fits (or cannot be read). */
export async function oversize(file: File): Promise<'pixels' | 'bytes' | null> {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return null;
  const size = await readPixelSize(file);
  if (size && size.width * size.height > MAX_IMAGE_PIXELS) return 'pixels';
  if (file.size > MAX_FILE_BYTES) return 'bytes';
  return null;
}

/** The scale that brings width × height down to at most `target` pixels (1 when it is already there). */
export function scaleFor(width: number, height: number, target = TARGET_PIXELS): number {
  const pixels = width * height;
  return pixels <= target ? 1 : Math.sqrt(target / pixels);
}

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Encoding failed'))), 'image/jpeg', JPEG_QUALITY),
  );
}

/** A smaller JPEG of an oversized image, named like it (.jpg). */
async function shrink(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    // Too many bytes but not too many pixels (a huge PNG screenshot): the JPEG at the same size is enough, or smaller.
    const scale = scaleFor(bitmap.width, bitmap.height);
    const width = Math.max(1, Math.floor(bitmap.width * scale));
    const height = Math.max(1, Math.floor(bitmap.height * scale));
    const blob = await encode(bitmap, width, height);
    const name = file.name.replace(/\.(png|jpe?g)$/i, '') + '.jpg';
    return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

/**
 * The files to upload: each oversized PNG or JPEG made to fit, the others as they are. A file the browser cannot
 * decode is left as it is, for the usual checks to refuse with their message.
 */
export async function prepareImages(files: readonly File[]): Promise<File[]> {
  return Promise.all(
    files.map(async (file) => {
      if (!(await oversize(file))) return file;
      try {
        return await shrink(file);
      } catch {
        return file;
      }
    }),
  );
}
