/**
 * The duplicate check as an upload runs it (uploads/core.ts; DECISIONS "Duplicates"): after the quick checks and
 * before the allowance is reserved, every image is hashed; when every one of them is already in the user's notes the
 * upload stops with AlreadyInNotesError (no note, no allowance, no rate limit, nothing stored) and the reply is the
 * note holding the first image, marked `duplicateOf`. Once a new note is made, its images' hashes are kept.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import type { ObjectStore, UploadReply } from '@snapnotes/contracts';
import { toApiNote, type HashedImage } from '@snapnotes/db';
import type { Repositories } from '@snapnotes/runtime';
import { hashImage, type ImageHashes } from './hash.js';
import { storedObject } from '../uploads/image-meta.js';
import { findDuplicateOf, recordImageHashes } from './index.js';
import { sameAtLegibleSize } from './legible.js';

export type { ImageHashes } from './hash.js';

/** Images of one upload decoded for their hashes at once (each up to 10 MB in memory). */
const HASH_PARALLELISM = 2;

/** An upload whose every image is already in the user's notes: `reply` is what the upload answers instead. */
export class AlreadyInNotesError extends Error {
  constructor(readonly reply: UploadReply) {
    super(`already in the user's notes: note ${reply.id}`);
    this.name = 'AlreadyInNotesError';
  }
}

type UploadedImage = { data: Buffer } | { path: string };

/**
 * The hashes of every image of an upload (null for one that could not be decoded: the upload's own checks report
 * it), or AlreadyInNotesError when every image is already in the user's notes. An upload with some new images goes
 * on whole: its images make one note together.
 */
export async function checkUploadDuplicates(
  { repos, store }: { repos: Repositories; store: ObjectStore },
  userId: number,
  images: readonly UploadedImage[],
  log: FastifyBaseLogger,
): Promise<(ImageHashes | null)[]> {
  const limit = pLimit(HASH_PARALLELISM);
  const bytesOf = async (img: UploadedImage) => ('data' in img ? img.data : readFile(img.path));
  const hashes = await Promise.all(
    images.map((img) => limit(async () => hashImage(await bytesOf(img)).catch(() => null))),
  );
  if (hashes.length === 0 || hashes.some((h) => h === null)) return hashes;
  const matches = [];
  for (const [i, h] of hashes.entries()) {
    // A near match is confirmed on the two originals at a legible size; an original that cannot be read confirms
    // nothing (a second note beats a lost one). The upload's own bytes are read again once, only if a candidate is
    // near (a file on disk is not kept in memory meanwhile).
    let mine: Promise<Buffer> | undefined;
    const confirm = async (candidate: HashedImage) => {
      const stored = await storedOriginal({ repos, store }, userId, candidate).catch((err: unknown) => {
        log.warn({ err, noteId: candidate.noteId }, "could not read a near duplicate's original: not a duplicate");
        return undefined;
      });
      if (stored === undefined) return false;
      mine ??= bytesOf(images[i]!);
      return sameAtLegibleSize(await mine, stored).catch(() => false);
    };
    const match = await findDuplicateOf(repos, userId, h!, confirm);
    if (!match) return hashes;
    matches.push(match);
  }
  const first = matches[0]!;
  const note = await repos.notes.findByIdForUser(Number(first.noteId), userId);
  // Deleted in the meantime: not a duplicate any more.
  if (!note) return hashes;
  throw new AlreadyInNotesError({ ...toApiNote(note), duplicateOf: { noteId: first.noteId, title: note.title } });
}

/** The stored original of an image of the user's note, or undefined when the note or the object is gone. */
async function storedOriginal(
  { repos, store }: { repos: Repositories; store: ObjectStore },
  userId: number,
  image: HashedImage,
): Promise<Buffer | undefined> {
  const note = await repos.notes.imagesForUser(image.noteId, userId);
  const key = note?.images[image.imageIndex]?.key;
  if (!key) return undefined;
  return storedObject(store, key);
}

/**
 * Keeps the hashes of a new note's images, so the next upload of any of them is recognised. Never fails the upload:
 * a note whose hashes could not be kept is only not recognised later (logged).
 */
export async function keepImageHashes(
  repos: Repositories,
  noteId: number,
  userId: number,
  hashes: readonly (ImageHashes | null)[] | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!hashes || hashes.length === 0 || hashes.some((h) => h === null)) return;
  await recordImageHashes(repos, noteId, userId, hashes as ImageHashes[]).catch((err: unknown) => {
    log.warn({ err, noteId }, 'could not keep the image hashes of a note (its images are not recognised again)');
  });
}
