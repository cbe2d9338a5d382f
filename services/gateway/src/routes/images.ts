/**
 * The original images of a note and their thumbnails (issue 13; DECISIONS "Original images"), for the note's owner
 * only. The bytes come from the object store through the gateway after the ownership check: the store (s3rver in
 * the embedded start, MinIO behind compose) need not be reachable from the browser, and no URL ever opens an image
 * without the caller's bearer token. Another user's note, an index the note does not have, a note without images:
 * 404, never 403 (which would tell that the note exists).
 *
 * Caching (issue 22 item 9): an original is `private, no-store`, so no copy of a user's screenshot stays in the
 * browser's HTTP cache after they sign out (a cache keyed by URL alone would also hand it to the next account of the
 * browser without asking the server); a thumbnail is `private, no-cache`: the browser may keep it but asks each time,
 * so the ownership check runs for every use. Both carry an ETag naming the object; a conditional request is answered
 * 304 after the ownership check, without reading the store. The Content-Type comes from the server-made key (the gateway names each original by the type it sniffed
 * from the content: `.png` or `.jpg`) and is checked against the bytes, never from anything the user sent.
 */
import { createHash } from 'node:crypto';
import { finished, Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeStream } from 'file-type';
import {
  ErrorCode,
  noteImageUrl,
  noteThumbnailUrl,
  thumbnailKey,
  uprightSize,
  type NoteImage,
} from '@snapnotes/contracts';
import type { NoteImageObject, NoteImages } from '@snapnotes/db';
import type { ConcurrencyLimit } from '../concurrency-limit.js';
import { currentUser } from '../guards.js';
import { HttpError } from '../errors.js';
import { isMissingObject, storedObject, withImageMeta } from '../uploads/image-meta.js';
import { THUMBNAIL_CONTENT_TYPE, thumbnailOf } from '../uploads/thumbnails.js';

/** A user's original image: never written to the browser's cache (see the header comment). */
export const ORIGINAL_CACHE_CONTROL = 'private, no-store';
/** A thumbnail: kept by the browser, but revalidated (304 after the ownership check) before each use. */
export const THUMBNAIL_CACHE_CONTROL = 'private, no-cache';

const NOT_FOUND = () => new HttpError(404, ErrorCode.NotFound, 'Image not found.');

/*
 * Originals (up to 10 MB) are streamed from the store, never held whole (issue 22 item 3): the store's body is piped
 * to the response with backpressure, so a reader that reads slowly or not at all holds a few stream buffers, not the
 * image. Each stream holds one of the store client's connections until its reader has taken the last byte, so a user
 * may have IMAGE_READS_PER_USER streams at once (429 IMAGE_READS_IN_PROGRESS), the gateway IMAGE_STREAMS_MAX (503),
 * and a stream whose client has read nothing for IMAGE_SEND_IDLE_MS is cut off (Node's socket inactivity timer, which
 * waits one period more when the kernel took part of the last chunk just before: at most twice the setting).
 * Thumbnails (a few KB) are sent whole.
 */
/**
 * file-type's Node entry (the one Node and the bundle load, by the "node" export condition) sniffs a Node stream
 * and passes every byte on; TypeScript's bundler resolution sees only its web typings.
 */
const sniffStream = fileTypeStream as unknown as (
  source: Readable,
) => Promise<Readable & { fileType?: { mime: string } }>;

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

type CacheControl = typeof ORIGINAL_CACHE_CONTROL | typeof THUMBNAIL_CACHE_CONTROL;

function imageHeaders(reply: FastifyReply, contentType: string, etag: string, cacheControl: CacheControl): void {
  reply.header('cache-control', cacheControl);
  reply.header('etag', etag);
  reply.header('content-type', contentType);
  reply.header('x-content-type-options', 'nosniff');
  // No file name in the header: inline is all a browser needs, and the name stays out of proxies' logs.
  reply.header('content-disposition', 'inline');
}

function notModified(reply: FastifyReply, etag: string, cacheControl: CacheControl) {
  return reply.code(304).header('etag', etag).header('cache-control', cacheControl).send();
}

/** `imageReads`: the originals being streamed, per user and in all (imageReadLimit). */
export function registerImageRoutes(app: FastifyInstance, imageReads: ConcurrencyLimit): void {
  const { config } = app.deps;

  /** The caller's note's images (404 for any other note). */
  async function imagesOf(
    req: FastifyRequest,
    rawId: string,
  ): Promise<{ id: number; note: NoteImages; userId: number }> {
    const user = await currentUser(req);
    const id = parseId(rawId);
    const note = await app.deps.repos.notes.imagesForUser(id, user.id);
    if (!note) throw NOT_FOUND();
    return { id, note, userId: user.id };
  }

  async function imageOf(req: FastifyRequest, rawId: string, rawIndex: string) {
    const { note, userId } = await imagesOf(req, rawId);
    const image = note.images[parseIndex(rawIndex)];
    if (!image) throw NOT_FOUND();
    return { image, userId };
  }

  /**
   * Streams the original, holding one of the user's image places until the response is over (sent, cut off or
   * abandoned). Its type is sniffed from the first bytes as they pass.
   */
  async function sendOriginal(
    req: FastifyRequest,
    reply: FastifyReply,
    image: NoteImageObject,
    etag: string,
    release: () => void,
  ): Promise<FastifyReply> {
    let object;
    try {
      object = await app.deps.store.getStream(image.key);
    } catch (err) {
      if (isMissingObject(err)) throw NOT_FOUND();
      throw err;
    }
    const source = object.body instanceof Readable ? object.body : Readable.from(object.body);
    const body = await sniffStream(source).catch((err: unknown) => {
      source.destroy();
      throw err;
    });
    const type = body.fileType?.mime;
    if ((type !== 'image/png' && type !== 'image/jpeg') || type !== (typeOfKey(image.key) ?? type)) {
      body.destroy();
      source.destroy();
      req.log.error({ index: image.index }, 'stored image is not the type its key names');
      throw NOT_FOUND();
    }
    // Called at once when the response is already closed (the client went away while the store answered).
    finished(reply.raw, () => release());
    reply.raw.setTimeout(config.IMAGE_SEND_IDLE_MS, () => {
      req.log.warn({ index: image.index, idleMs: config.IMAGE_SEND_IDLE_MS }, 'image reader stopped reading: cut');
      reply.raw.destroy();
    });
    imageHeaders(reply, type, etag, ORIGINAL_CACHE_CONTROL);
    if (object.contentLength !== undefined) reply.header('content-length', String(object.contentLength));
    return reply.send(body);
  }

  const read = (key: string) => storedObject(app.deps.store, key);

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
    const { image, userId } = await imageOf(req, req.params.id, req.params.index);
    const etag = etagOf(image.key, 'original');
    if (matches(req, etag)) return notModified(reply, etag, ORIGINAL_CACHE_CONTROL);
    const release = imageReads.acquire(String(userId));
    try {
      return await sendOriginal(req, reply, image, etag, release);
    } catch (err) {
      release();
      throw err;
    }
  });

  app.get<{ Params: { id: string; index: string } }>('/api/notes/:id/images/:index/thumbnail', async (req, reply) => {
    const { image } = await imageOf(req, req.params.id, req.params.index);
    const etag = etagOf(image.key, 'thumbnail');
    if (matches(req, etag)) return notModified(reply, etag, THUMBNAIL_CACHE_CONTROL);
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
    imageHeaders(reply, THUMBNAIL_CONTENT_TYPE, etag, THUMBNAIL_CACHE_CONTROL);
    return reply.send(body);
  });
}
