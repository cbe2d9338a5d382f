/**
 * The checks of one received file, by its content, before it is stored: PNG or JPEG, a readable header, within the
 * pixel cap (against decompression bombs), then the full decode (truncated or corrupt data). Every refusal is a 400
 * with a specific message naming the file.
 */
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { ErrorCode, MAX_IMAGE_PIXELS, type AcceptedMime, type ImageExtension } from '@snapnotes/contracts';
import { HttpError } from '../errors.js';
import { sizeOf, type ReceivedFile } from './multipart.js';

export type CheckedImage = ReceivedFile & {
  contentType: AcceptedMime;
  extension: ImageExtension;
  /** Pixels as stored (before any EXIF rotation). */
  width: number;
  height: number;
  /** The EXIF orientation (1–8), when the file has one. */
  orientation?: number;
};

/** What sharp and file-type read: the bytes, or the temporary file's path. */
function sourceOf(file: ReceivedFile): Buffer | string {
  return 'data' in file ? file.data : file.path;
}

/**
 * The quick checks of one file, by its content: not empty, PNG or JPEG, a readable header, within the pixel cap.
 * They read the header only; `verifyDecodable` decodes the whole image.
 */
export async function inspectImage(file: ReceivedFile): Promise<CheckedImage> {
  const name = file.fileName;
  if (sizeOf(file) === 0) throw new HttpError(400, ErrorCode.CorruptImage, `"${name}" is empty.`);
  const source = sourceOf(file);
  const type = typeof source === 'string' ? await fileTypeFromFile(source) : await fileTypeFromBuffer(source);
  if (!type || (type.mime !== 'image/png' && type.mime !== 'image/jpeg')) {
    const found = type ? ` (it is ${type.ext.toUpperCase()})` : '';
    throw new HttpError(
      400,
      ErrorCode.UnsupportedType,
      `"${name}" is not a PNG or JPEG image${found}. Only PNG, JPG and JPEG files are accepted.`,
    );
  }
  let width = 0;
  let height = 0;
  let orientation: number | undefined;
  try {
    const meta = await sharp(source, { limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
    orientation = exifOrientation(meta.orientation);
  } catch {
    throw corrupt(name);
  }
  if (width <= 0 || height <= 0) {
    throw new HttpError(400, ErrorCode.CorruptImage, `"${name}" could not be read: the image has no size.`);
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new HttpError(
      400,
      ErrorCode.ImageTooLarge,
      `"${name}" is ${width}×${height} pixels, more than the ${MAX_IMAGE_PIXELS / 1_000_000} megapixel limit.`,
    );
  }
  const contentType = type.mime as AcceptedMime;
  const extension = contentType === 'image/png' ? 'png' : 'jpg';
  return { ...file, contentType, extension, width, height, ...(orientation ? { orientation } : {}) };
}

/** sharp's `orientation` when it is an EXIF orientation (1–8); anything else is none. */
export function exifOrientation(value: number | undefined): number | undefined {
  return Number.isInteger(value) && value! >= 1 && value! <= 8 ? value : undefined;
}

/**
 * Decodes the whole image (to a small size, thrown away): catches truncated or corrupt data that a header read does
 * not. The upload's own decode (`decodeWithThumbnail`, thumbnails.ts) runs it when it could not make a thumbnail, so
 * a damaged file gets this check's verdict and message.
 */
export async function verifyDecodable(image: CheckedImage): Promise<void> {
  try {
    await sharp(sourceOf(image), { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', sequentialRead: true })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw corrupt(image.fileName);
  }
}

function corrupt(name: string) {
  return new HttpError(400, ErrorCode.CorruptImage, `"${name}" could not be read: the image is damaged or incomplete.`);
}
