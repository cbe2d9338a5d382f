/**
 * Reading an upload's body before anything is checked or stored: field name, count and size of the files, each
 * refusal a 400 with a specific message. Parts are streamed to temporary files as they arrive, never held in memory:
 * at most one stream buffer per upload. The file names are kept for display only, made safe first.
 */
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '@snapnotes/contracts';
import { HttpError } from '../errors.js';

/** One received file: in memory (unit tests) or in a temporary file (the upload route). */
export type ReceivedFile = { fileName: string; data: Buffer } | { fileName: string; path: string; bytes: number };

export interface ParsedUpload {
  files: ReceivedFile[];
  fields: Record<string, string>;
}

/** What @fastify/multipart gives the route: the request's parts, with the limits passed in. */
export type MultipartSource = (
  options: NonNullable<Parameters<FastifyRequest['parts']>[0]> & { throwFileSizeLimit?: boolean },
) => AsyncIterableIterator<Multipart>;

const MB = (MAX_FILE_BYTES / (1024 * 1024)).toFixed(0);

/** The size of a received file in bytes. */
export function sizeOf(file: ReceivedFile): number {
  return 'data' in file ? file.data.length : file.bytes;
}

/**
 * Characters a file name never keeps: controls (C0, DEL, C1), invisible format characters (bidi embeddings,
 * overrides and isolates U+202A–U+202E, U+2066–U+2069, marks U+200E, U+200F, U+061C; zero-width U+200B–U+200D,
 * U+2060, U+FEFF; soft hyphen and the like: all of Unicode's Cf), line and paragraph separators, lone surrogates.
 * They let a name show something else than it is: a right-to-left override displays "invoice\u202Egnp.exe" as
 * "invoiceexe.png", and zero-width characters make two names that look the same differ.
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

/**
 * Keeps a display-safe file name: no path, NFC, no control or invisible characters (HIDDEN_CHARACTERS), other
 * spacing as one space, bounded length (255 UTF-16 units, never splitting a character). Nothing left: `image-<n>`.
 * The name is stored with the upload and shown to its owner (flagged-file lists, error messages).
 */
export function sanitizeFileName(raw: string | undefined, index: number): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(HIDDEN_CHARACTERS, '').normalize('NFC').replace(/\s+/g, ' ').trim();
  if (cleaned.length === 0) return `image-${index + 1}`;
  let name = '';
  for (const char of cleaned) {
    if (name.length + char.length > 255) break;
    name += char;
  }
  return name;
}

function multipartCode(err: unknown): string | undefined {
  return (err as { code?: string } | null)?.code;
}

function fileTooLarge(name: string) {
  return new HttpError(
    400,
    ErrorCode.FileTooLarge,
    `"${name}" is larger than ${MB} MB. Each image must be ${MB} MB or smaller.`,
  );
}

/**
 * Reads the multipart body with @fastify/multipart's limits, streaming each file into `dir` (which the caller
 * creates and removes), and maps its errors to specific 400s. A file over the size limit is cut off there
 * (`limits.fileSize`, `file.truncated`) and refused by name; nothing past the limit is kept.
 */
export async function readUpload(parts: MultipartSource, dir: string): Promise<ParsedUpload> {
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  let current: Multipart | undefined;
  try {
    for await (const part of parts({
      limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 10, fieldSize: 1024, parts: 40 },
      throwFileSizeLimit: false,
    })) {
      current = part;
      if (part.type === 'file') {
        const fileName = sanitizeFileName(part.filename, files.length);
        if (part.fieldname !== 'images') {
          part.file.resume();
          throw new HttpError(
            400,
            ErrorCode.BadRequest,
            `Unexpected file field '${part.fieldname}': send images in the 'images' field.`,
          );
        }
        const path = join(dir, String(files.length));
        await pipeline(part.file, createWriteStream(path));
        if (part.file.truncated) throw fileTooLarge(fileName);
        files.push({ fileName, path, bytes: (await stat(path)).size });
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
      current = undefined;
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
      case 'FST_REQ_FILE_TOO_LARGE':
        throw fileTooLarge(sanitizeFileName(current?.type === 'file' ? current.filename : undefined, files.length));
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        throw new HttpError(400, ErrorCode.BadRequest, 'The upload has too many form fields.');
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        throw new HttpError(400, ErrorCode.BadRequest, "Send the images as multipart/form-data in the 'images' field.");
      case 'FST_MP_PREMATURE_CLOSE':
        throw new HttpError(400, ErrorCode.BadRequest, 'The upload was cut off or is not valid multipart data.');
      default:
        if (err instanceof Error && /multipart|boundary|unexpected end|premature close|aborted/i.test(err.message)) {
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
