/**
 * Reading and checking an upload before anything is stored: field name, count, size, type by content,
 * decodability and decoded size (against decompression bombs). Every refusal is a 400 with a specific message.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  ErrorCode,
  MAX_FILE_BYTES,
  MAX_FILES_PER_UPLOAD,
  MAX_IMAGE_PIXELS,
  type AcceptedMime,
} from '@snapnotes/contracts';
import { HttpError } from './errors.js';

export interface ReceivedFile {
  fileName: string;
  data: Buffer;
}

export interface CheckedImage extends ReceivedFile {
  contentType: AcceptedMime;
  extension: 'png' | 'jpg';
  width: number;
  height: number;
}

export interface ParsedUpload {
  files: ReceivedFile[];
  fields: Record<string, string>;
}

const MB = (MAX_FILE_BYTES / (1024 * 1024)).toFixed(0);

/** Keeps a display-safe file name: no path, no control characters, bounded length. */
export function sanitizeFileName(raw: string | undefined, index: number): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = cleaned.length > 0 ? cleaned : `image-${index + 1}`;
  return name.length > 255 ? name.slice(0, 255) : name;
}

function multipartCode(err: unknown): string | undefined {
  return (err as { code?: string } | null)?.code;
}

/** Reads the multipart body with @fastify/multipart's limits and maps its errors to specific 400s. */
export async function readUpload(req: FastifyRequest): Promise<ParsedUpload> {
  if (!req.isMultipart()) {
    throw new HttpError(400, ErrorCode.BadRequest, "Send the images as multipart/form-data in the 'images' field.");
  }
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  let current: MultipartFile | undefined;
  try {
    for await (const part of req.parts({
      limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 10, fieldSize: 1024, parts: 40 },
    })) {
      if (part.type === 'file') {
        current = part;
        if (part.fieldname !== 'images') {
          await part.toBuffer().catch(() => undefined);
          throw new HttpError(
            400,
            ErrorCode.BadRequest,
            `Unexpected file field '${part.fieldname}': send images in the 'images' field.`,
          );
        }
        const data = await part.toBuffer();
        files.push({ fileName: sanitizeFileName(part.filename, files.length), data });
        current = undefined;
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    switch (multipartCode(err)) {
      case 'FST_FILES_LIMIT':
        throw new HttpError(
          400,
          ErrorCode.TooManyFiles,
          `You can only upload up to ${MAX_FILES_PER_UPLOAD} files at once`,
        );
      case 'FST_REQ_FILE_TOO_LARGE': {
        const name = sanitizeFileName(current?.filename, files.length);
        throw new HttpError(
          400,
          ErrorCode.FileTooLarge,
          `"${name}" is larger than ${MB} MB. Each image must be ${MB} MB or smaller.`,
        );
      }
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        throw new HttpError(400, ErrorCode.BadRequest, 'The upload has too many form fields.');
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        throw new HttpError(400, ErrorCode.BadRequest, "Send the images as multipart/form-data in the 'images' field.");
      default:
        if (err instanceof Error && /multipart|boundary|unexpected end/i.test(err.message)) {
          throw new HttpError(400, ErrorCode.BadRequest, 'The upload was cut off or is not valid multipart data.');
        }
        throw err;
    }
  }
  if (files.length === 0) {
    throw new HttpError(
      400,
      ErrorCode.NoFiles,
      "No images were uploaded. Add at least one PNG or JPEG in the 'images' field.",
    );
  }
  return { files, fields };
}

/**
 * The quick checks of one file, by its content: not empty, PNG or JPEG, a readable header, within the pixel cap.
 * They read the header only; `verifyDecodable` decodes the whole image.
 */
export async function inspectImage(file: ReceivedFile): Promise<CheckedImage> {
  const name = file.fileName;
  if (file.data.length === 0) throw new HttpError(400, ErrorCode.CorruptImage, `"${name}" is empty.`);
  const type = await fileTypeFromBuffer(file.data);
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
  try {
    const meta = await sharp(file.data, { limitInputPixels: false }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
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
  return { ...file, contentType, extension: contentType === 'image/png' ? 'png' : 'jpg', width, height };
}

/**
 * Decodes the whole image (to a thumbnail, thrown away): catches truncated or corrupt data that a header read does
 * not. The slowest check, so the upload route runs it beside the reservation and the storing.
 */
export async function verifyDecodable(image: CheckedImage): Promise<void> {
  try {
    await sharp(image.data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', sequentialRead: true })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw corrupt(image.fileName);
  }
}

/** Every check of one file, in order: the quick ones, then the full decode. */
export async function checkImage(file: ReceivedFile): Promise<CheckedImage> {
  const image = await inspectImage(file);
  await verifyDecodable(image);
  return image;
}

function corrupt(name: string) {
  return new HttpError(400, ErrorCode.CorruptImage, `"${name}" could not be read: the image is damaged or incomplete.`);
}
