/**
 * Reading the body of POST /api/imports (issue 25): every file part, image or zip, in order, as it arrives. Each image
 * (a part, or an entry of a zip read as a stream: zip.ts) is sent to the object store under its import item's key
 * (users/<id>/imports/<importId>/<index>) as soon as it is whole; at most one image (MAX_FILE_BYTES) is in memory at
 * a time and nothing is written to disk. Files that cannot be imported become skipped items with their reason; images
 * past MAX_IMPORT_IMAGES too. The checks that decide whether an image makes a note (decode, pixel cap, moderation,
 * OCR) are the upload's, run by the import worker.
 */
import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { ErrorCode, importSourceKey, MAX_FILE_BYTES, MAX_IMPORT_IMAGES, type ObjectStore } from '@snapnotes/contracts';
import type { NewImportItem } from '@snapnotes/db';
import { HttpError } from '../errors.js';
import type { MultipartSource } from '../uploads/multipart.js';
import { skipReason, type SkipCode } from './skips.js';
import { isZipBytes, readZip, startsWith, type ZipEntry } from './zip.js';

/** The largest zip (or file) part read: every image an import may hold at the largest size. */
export const MAX_IMPORT_PART_BYTES = MAX_IMPORT_IMAGES * MAX_FILE_BYTES;
/** File parts one body may have (images and zips): more is refused whole, before anything is imported. */
export const MAX_IMPORT_PARTS = 2 * MAX_IMPORT_IMAGES;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

/** Characters a displayed name never keeps (as the upload's file names: multipart.ts). */
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

/** A name to show for a file or a zip entry (its path kept): no invisible characters, NFC, at most 500 characters. */
export function displayName(raw: string | undefined, index: number): string {
  const cleaned = (raw ?? '').replace(HIDDEN_CHARACTERS, '').normalize('NFC').replace(/\s+/g, ' ').trim();
  return cleaned.length === 0 ? `file-${index + 1}` : [...cleaned].slice(0, 500).join('');
}

export interface ReceiveInput {
  parts: MultipartSource;
  store: ObjectStore;
  userId: number;
  importId: string;
}

export interface Received {
  items: NewImportItem[];
  /** Every key stored (the queued items'): deleted by the caller if the import is not recorded after all. */
  storedKeys: string[];
}

/** Reads up to MAX_FILE_BYTES of a stream; past that, passes over the rest and answers `tooLarge`. */
async function collect(
  first: Buffer | undefined,
  rest: AsyncIterator<Buffer>,
): Promise<{ data: Buffer; tooLarge: boolean }> {
  const chunks: Buffer[] = first ? [first] : [];
  let bytes = first?.length ?? 0;
  for (let next = await rest.next(); !next.done; next = await rest.next()) {
    bytes += next.value.length;
    if (bytes <= MAX_FILE_BYTES) chunks.push(next.value);
  }
  if (bytes > MAX_FILE_BYTES) return { data: Buffer.alloc(0), tooLarge: true };
  return { data: Buffer.concat(chunks), tooLarge: false };
}

/** The stream `first` came from, with `first` put back in front. */
async function* replay(first: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

export async function receiveImport(input: ReceiveInput): Promise<Received> {
  const items: NewImportItem[] = [];
  const storedKeys: string[] = [];
  let images = 0;

  const skip = (name: string, code: SkipCode, message = skipReason(code)) =>
    items.push({ index: items.length, name, status: 'skipped', errorCode: code, errorMessage: message });

  async function take(entry: ZipEntry): Promise<void> {
    const name = displayName(entry.name, items.length);
    if (entry.kind === 'skip') return void skip(name, entry.code, entry.message);
    if (images >= MAX_IMPORT_IMAGES) return void skip(name, 'TOO_MANY_IMAGES');
    const { data } = entry;
    if (data.length === 0) return void skip(name, 'EMPTY_FILE');
    const png = startsWith(data, PNG_MAGIC);
    if (!png && !startsWith(data, JPEG_MAGIC)) {
      const type = await fileTypeFromBuffer(data).catch(() => undefined);
      const found = type ? ` (it is ${type.ext.toUpperCase()})` : '';
      return void skip(name, 'UNSUPPORTED_TYPE', `${skipReason('UNSUPPORTED_TYPE').slice(0, -1)}${found}.`);
    }
    const index = items.length;
    const key = importSourceKey(input.userId, input.importId, index);
    await input.store.put(key, data, png ? 'image/png' : 'image/jpeg');
    storedKeys.push(key);
    items.push({ index, name, status: 'queued', sourceKey: key });
    images++;
  }

  async function takePart(part: Multipart & { type: 'file' }): Promise<void> {
    const name = displayName(part.filename, items.length);
    const stream = part.file as Readable;
    const rest = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const head = await rest.next();
    if (head.done) return void skip(name, 'EMPTY_FILE');
    if (isZipBytes(head.value) || (/\.zip$/i.test(name) && head.value.length > 0)) {
      for await (const entry of readZip(replay(head.value, rest), name)) await take(entry);
      return;
    }
    if (images >= MAX_IMPORT_IMAGES) {
      await collect(undefined, rest); // passed over
      return void skip(name, 'TOO_MANY_IMAGES');
    }
    const { data, tooLarge } = await collect(head.value, rest);
    if (tooLarge) return void skip(name, 'FILE_TOO_LARGE');
    await take({ kind: 'file', name, data });
  }

  try {
    for await (const part of input.parts({
      limits: {
        fileSize: MAX_IMPORT_PART_BYTES,
        files: MAX_IMPORT_PARTS,
        fields: 10,
        fieldSize: 1024,
        parts: MAX_IMPORT_PARTS + 10,
      },
      throwFileSizeLimit: false,
    })) {
      if (part.type === 'file') await takePart(part);
    }
  } catch (err) {
    await input.store.deleteMany(storedKeys).catch(() => undefined);
    throw readError(err);
  }
  if (items.length === 0) {
    throw new HttpError(400, ErrorCode.NoFiles, 'No files were sent. Add images or a zip of images to import.');
  }
  return { items, storedKeys };
}

function readError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  switch ((err as { code?: string } | null)?.code) {
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(
        400,
        ErrorCode.TooManyFiles,
        `An import takes at most ${MAX_IMPORT_PARTS.toLocaleString('en')} files: send zips, or import in parts.`,
      );
    case 'FST_FIELDS_LIMIT':
      return new HttpError(400, ErrorCode.BadRequest, 'The import has too many form fields.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(400, ErrorCode.BadRequest, "Send the files as multipart/form-data in the 'files' field.");
    default:
      if (err instanceof Error && /multipart|boundary|unexpected end|premature close|aborted/i.test(err.message)) {
        return new HttpError(400, ErrorCode.BadRequest, 'The import was cut off or is not valid multipart data.');
      }
      return err;
  }
}
