/**
 * Duplicates (issue 25 item 2; DECISIONS "Duplicates"): an image already in the same user's library, by its exact
 * bytes or nearly (re-encoded, resized, another status-bar clock or battery, the status bar cropped). Decided per
 * user only: the lookups are keyed by the user's id, never across users. A duplicate makes no new note and uses no
 * allowance; the caller answers with the note that already holds it.
 *
 * How (hash.ts): the SHA-256 of the bytes first (one index lookup); otherwise the user's few images with the nearest
 * pHash (an index-only scan in SQL), each compared with the new one by fingerprint, and a near one confirmed by
 * comparing the two originals at a legible size (legible.ts: a changed word or digit). The thresholds come from the
 * duplicates bench (bench/src/duplicates.ts, 5 app layouts × 10 screens): re-encoded, resized and cropped copies of
 * a screen measure at most pHash 6 bits, mean 2.2 and band 4.7 apart; the nearest different screenshot (the same chat
 * with one message changed) band 12.6, another chat of the same app or a scroll by one message 20 or more.
 */
import type { HashedImage, ImageHashInput } from '@snapnotes/db';
import type { Repositories } from '@snapnotes/runtime';
import { fingerprintDistance, hammingDistance, type ImageHashes } from './hash.js';
import { sameAtLegibleSize } from './legible.js';

export { hashImage, type ImageHashes } from './hash.js';

export interface DuplicateMatch {
  noteId: string;
  title: string;
}

/** pHash bits apart for a stored image to be compared at all (near copies measure ≤ 6; about half of 64 is chance). */
const PHASH_CANDIDATE_BITS = 12;
/** How many of the nearest stored images are compared by fingerprint. */
const CANDIDATES = 8;
/** Fingerprint distances (0–255 grey levels) within which two images are the same screen. */
/**
 * worstTile: copies measured at most 6.3 (60 screens × 10 ways of re-sharing, JPEG 40 at 0.4 the size included);
 * two different two-line notes in the same layout 7.9. A thin margin, the fingerprint being 64 pixels wide, and one
 * word changed measures 2.7: a match is confirmed on the originals at a legible size (legible.ts).
 */
const SAME_SCREEN = { mean: 4, worstBand: 8, worstTile: 7 } as const;

/** Whether two images are the same screenshot: the same bytes, or the same screen re-encoded, resized or cropped. */
export function sameScreen(a: ImageHashes, b: ImageHashes): boolean {
  if (a.sha256.equals(b.sha256)) return true;
  if (hammingDistance(a.phash, b.phash) > PHASH_CANDIDATE_BITS) return false;
  return closeFingerprints(a.fingerprint, b.fingerprint);
}

/** An image as the duplicate check sees it: its bytes and their hashes (hashImage). */
export interface HashedBytes {
  bytes: Buffer;
  hashes: ImageHashes;
}

/**
 * The whole decision on two images, as an upload makes it without SQL (the duplicates bench and tests use it): the
 * same bytes, or near by fingerprint and the same when looked at closely (legible.ts).
 */
export async function sameScreenshot(a: HashedBytes, b: HashedBytes): Promise<boolean> {
  if (a.hashes.sha256.equals(b.hashes.sha256)) return true;
  return sameScreen(a.hashes, b.hashes) && (await sameAtLegibleSize(a.bytes, b.bytes));
}

function closeFingerprints(a: Buffer, b: Buffer): boolean {
  const d = fingerprintDistance(a, b);
  return d.mean <= SAME_SCREEN.mean && d.worstBand <= SAME_SCREEN.worstBand && d.worstTile <= SAME_SCREEN.worstTile;
}

/**
 * The note of this user that already holds this image, or one nearly identical (the oldest such note when several
 * do), or null, from the image's hashes (hashImage). Never across users: another user's identical image is not
 * looked at. The upload core asks it for every upload and every image of an import (uploads/core.ts).
 */
export async function findDuplicateOf(
  repos: Repositories,
  userId: number,
  hashes: ImageHashes,
  confirm: (candidate: HashedImage) => Promise<boolean>,
): Promise<DuplicateMatch | null> {
  const exact = await repos.imageHashes.findExact(userId, hashes.sha256);
  if (exact) return { noteId: String(exact.noteId), title: exact.title };
  const near = await repos.imageHashes.nearest(userId, hashes.phash, PHASH_CANDIDATE_BITS, CANDIDATES);
  for (const candidate of near) {
    if (!closeFingerprints(hashes.fingerprint, candidate.fingerprint)) continue;
    // Near is not the same: one word or digit changed does not show at the fingerprint's size (legible.ts).
    if (await confirm(candidate)) return { noteId: String(candidate.noteId), title: candidate.title };
  }
  return null;
}

/**
 * Records the images of a new note, so a later upload of any of them is recognised. `hashes[i]` is the image at
 * index i of the note's upload. Returns how many were recorded (none when the note is not this user's).
 */
export async function recordImageHashes(
  repos: Repositories,
  noteId: string | number,
  userId: string | number,
  hashes: readonly ImageHashes[],
): Promise<number> {
  const images: ImageHashInput[] = hashes.map((h, imageIndex) => ({ imageIndex, ...h }));
  return repos.imageHashes.record(Number(noteId), Number(userId), images);
}
