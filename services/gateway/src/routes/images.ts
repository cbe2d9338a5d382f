/**
 * The original images of a note and their thumbnails (issue 13; DECISIONS "Original images"), for the note's owner
 * only. The bytes come from the object store through the gateway after the ownership check: the store (s3rver in
 * the embedded start, MinIO behind compose) need not be reachable from the browser, and no URL ever opens an image
 * without the caller's bearer token. Another user's note, an index the note does not have, a note without images:
 * 404, never 403 (which would tell that the note exists).
 *
 * Objects never change once stored (every upload has a new uuid folder), so replies are `private, immutable` with
 * an ETag naming the object; a conditional request is answered 304 after the ownership check, without reading the
 * store. The Content-Type comes from the server-made key (the gateway names each original by the type it sniffed
 * from the content: `.png` or `.jpg`) and is checked against the bytes, never from anything the user sent.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  ErrorCode,
  noteImageUrl,
  noteThumbnailUrl,
  thumbnailKey,
  uprightSize,
  type NoteImage,
} from '@snapnotes/contracts';
import type { NoteImageObject, NoteImages } from '@snapnotes/db';
import { currentUser } from '../guards.js';
import { HttpError } from '../errors.js';
import { isMissingObject, withImageMeta } from '../uploads/image-meta.js';
import { THUMBNAIL_CONTENT_TYPE, thumbnailOf } from '../uploads/thumbnails.js';

/** A year: the objects never change, and only the owner's browser keeps them. */
export const IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

const NOT_FOUND = () => new HttpError(404, ErrorCode.NotFound, 'Image not found.');

/** PNG or JPEG by content (file-type, as the upload checked it), the two types an upload accepts. */
async function sniff(body: Buffer): Promise<'image/png' | 'image/jpeg' | undefined> {
  const mime = (await fileTypeFromBuffer(body))?.mime;
  return mime === 'image/png' || mime === 'image/jpeg' ? mime : undefined;
}

function typeOfKey(key: string): 'image/png' | 'image/jpeg' | undefined {
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.jpg') || key.endsWith('.jpeg')) return 'image/jpeg';
  return undefined;
}

/** A quoted strong ETag naming the object (its key is never reused for other bytes). */
function etagOf(key: string, variant: string): string {
  return `"${createHash('sha256').update(`${variant}:${key}`).digest('base64url').slice(0, 27)}"`;
}

function matches(req: FastifyRequest, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

function parseId(raw: string): number {
  if (!/^\d{1,12}$/.test(raw)) throw NOT_FOUND();
  return Number(raw);
}

function parseIndex(raw: string): number {
  if (!/^\d{1,2}$/.test(raw)) throw NOT_FOUND();
  return Number(raw);
}

function imageHeaders(reply: FastifyReply, contentType: string, etag: string): void {
  reply.header('cache-control', IMAGE_CACHE_CONTROL);
  reply.header('etag', etag);
  reply.header('content-type', contentType);
  reply.header('x-content-type-options', 'nosniff');
  // No file name in the header: inline is all a browser needs, and the name stays out of proxies' logs.
  reply.header('content-disposition', 'inline');
}

function notModified(reply: FastifyReply, etag: string) {
  return reply.code(304).header('etag', etag).header('cache-control', IMAGE_CACHE_CONTROL).send();
}

export function registerImageRoutes(app: FastifyInstance): void {
  /** The caller's note's images (404 for any other note). */
  async function imagesOf(req: FastifyRequest, rawId: string): Promise<{ id: number; note: NoteImages }> {
    const user = await currentUser(req);
    const id = parseId(rawId);
    const note = await app.deps.repos.notes.imagesForUser(id, user.id);
    if (!note) throw NOT_FOUND();
    return { id, note };
  }

  async function imageOf(req: FastifyRequest, rawId: string, rawIndex: string): Promise<NoteImageObject> {
    const { note } = await imagesOf(req, rawId);
    const image = note.images[parseIndex(rawIndex)];
    if (!image) throw NOT_FOUND();
    return image;
  }

  async function read(key: string): Promise<Buffer | undefined> {
    try {
      return await app.deps.store.get(key);
    } catch (err) {
      if (isMissingObject(err)) return undefined;
      throw err;
    }
  }

  /** Each image with its size as a browser shows it (EXIF rotation applied); an older upload's is read once. */
  app.get<{ Params: { id: string } }>('/api/notes/:id/images', async (req): Promise<NoteImage[]> => {
    const { id, note } = await imagesOf(req, req.params.id);
    const images = await withImageMeta(app.deps, note, req.log).catch((err: unknown) => {
      req.log.error({ err, noteId: id }, 'could not read the size of older images');
      return note.images; // the list without sizes: the images themselves are served by the routes below
    });
    return images.map((image) => ({
      index: image.index,
      imageUrl: noteImageUrl(id, image.index),
      thumbnailUrl: noteThumbnailUrl(id, image.index),
      ...(image.fileName ? { fileName: image.fileName } : {}),
      ...(image.meta ? uprightSize(image.meta) : {}),
    }));
  });

  app.get<{ Params: { id: string; index: string } }>('/api/notes/:id/images/:index', async (req, reply) => {
    const image = await imageOf(req, req.params.id, req.params.index);
    const etag = etagOf(image.key, 'original');
    if (matches(req, etag)) return notModified(reply, etag);
    const body = await read(image.key);
    if (!body) throw NOT_FOUND();
    const type = await sniff(body);
    if (!type || type !== (typeOfKey(image.key) ?? type)) {
      req.log.error({ index: image.index }, 'stored image is not the type its key names');
      throw NOT_FOUND();
    }
    imageHeaders(reply, type, etag);
    return reply.send(body);
  });

  app.get<{ Params: { id: string; index: string } }>('/api/notes/:id/images/:index/thumbnail', async (req, reply) => {
    const image = await imageOf(req, req.params.id, req.params.index);
    const etag = etagOf(image.key, 'thumbnail');
    if (matches(req, etag)) return notModified(reply, etag);
    let body = await read(thumbnailKey(image.key));
    if (!body) {
      // No stored thumbnail (it could not be made or stored at upload): one from the original, not stored.
      const original = await read(image.key);
      if (!original) throw NOT_FOUND();
      try {
        body = await thumbnailOf(original);
      } catch (err) {
        req.log.error({ err, index: image.index }, 'could not make a thumbnail');
        throw NOT_FOUND();
      }
    }
    imageHeaders(reply, THUMBNAIL_CONTENT_TYPE, etag);
    return reply.send(body);
  });
}
