/**
 * The meta of a note's stored images (uploads.image_meta, migration 0007: type, bytes, stored size, EXIF
 * orientation). Uploads write it with their note; for an upload made before, it is read from the objects once
 * (sharp reads the header) and stored, so the image list can report sizes and "Read again" can rebuild its job.
 */
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { ImageMeta, ObjectStore } from '@snapnotes/contracts';
import type { NoteImageObject, NoteImages } from '@snapnotes/db';
import type { Repositories } from '@snapnotes/runtime';
import { ObjectNotFoundError } from '@snapnotes/storage';
import { exifOrientation } from './image-checks.js';

/** The store has no such object (as opposed to a store that cannot be reached). */
export function isMissingObject(err: unknown): boolean {
  return err instanceof ObjectNotFoundError || (err as { name?: string } | null)?.name === 'NoSuchKey';
}

/** A stored object's bytes; undefined when the store has no such object (any other error is thrown). */
export function storedObject(store: Pick<ObjectStore, 'get'>, key: string): Promise<Buffer | undefined> {
  return store.get(key).catch((err: unknown) => {
    if (isMissingObject(err)) return undefined;
    throw err;
  });
}

/** The meta of one stored image, from its bytes; undefined for bytes that are not a PNG or JPEG with a size. */
export async function imageMetaOfBytes(body: Buffer): Promise<ImageMeta | undefined> {
  const meta = await sharp(body, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  const contentType = meta?.format === 'png' ? 'image/png' : meta?.format === 'jpeg' ? 'image/jpeg' : undefined;
  if (!meta || !contentType || !(meta.width > 0) || !(meta.height > 0) || body.length === 0) return undefined;
  const orientation = exifOrientation(meta.orientation);
  return {
    contentType,
    bytes: body.length,
    width: meta.width,
    height: meta.height,
    ...(orientation ? { orientation } : {}),
  };
}

export interface ImageMetaDeps {
  repos: Pick<Repositories, 'uploads'>;
  store: Pick<ObjectStore, 'get'>;
}

/**
 * The note's images, each with its meta: from the upload row, or read from the objects when the row has none (and
 * then stored, once every image could be read). An image whose object is missing or unreadable keeps `meta: null`;
 * a store that cannot be reached rejects.
 */
export async function withImageMeta(
  deps: ImageMetaDeps,
  note: NoteImages,
  log: FastifyBaseLogger,
): Promise<NoteImageObject[]> {
  const { uploadId, images } = note;
  if (!uploadId || images.every((image) => image.meta)) return images;
  const read = await Promise.all(
    images.map(async (image): Promise<NoteImageObject> => {
      if (image.meta) return image;
      const body = await storedObject(deps.store, image.key);
      return { ...image, meta: body ? ((await imageMetaOfBytes(body)) ?? null) : null };
    }),
  );
  const missing = read.filter((image) => !image.meta).map((image) => image.index);
  if (missing.length > 0) {
    log.warn({ uploadId, images: missing }, 'stored images could not be read for their meta');
    return read;
  }
  await deps.repos.uploads
    .fillImageMeta(
      uploadId,
      read.map((image) => image.meta!),
    )
    .catch((err: unknown) => log.error({ err, uploadId }, 'could not store the meta of older images'));
  return read;
}
