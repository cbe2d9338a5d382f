/**
 * The object store's key layout, in one place: the gateway writes it, and "Read again", account deletion and the
 * sweeper read it (DECISIONS "Original images", "Sweeper").
 *
 *   users/<userId>/                                              everything of one account (deleted with it)
 *   users/<userId>/uploads/<uploadId>/<index>.<ext>              an upload's original image (png or jpg)
 *   users/<userId>/uploads/<uploadId>/<index>.<ext>.thumb.webp   its thumbnail, beside it
 *
 * `<userId>` is the user's row id (a positive integer), `<uploadId>` the upload's lowercase UUID, `<index>` the
 * image's position in the upload (0-based) and `<ext>` the type the gateway sniffed from its content. The upload row
 * lists the originals only; every rule that removes an upload's objects adds their thumbnails (`withThumbnailKeys`).
 */

/** Every account's objects are under this prefix (the sweeper walks it). */
export const USERS_KEY_PREFIX = 'users/';
const THUMBNAIL_SUFFIX = '.thumb.webp';

/** The extension of an original: what the gateway sniffed from its bytes. */
export type ImageExtension = 'png' | 'jpg';

/** What a key of an upload's image names. */
interface UploadKey {
  userId: number;
  uploadId: string;
  /** Position in the upload, 0-based. */
  index: number;
  extension: ImageExtension;
  /** The image's thumbnail rather than the original. */
  thumbnail: boolean;
}

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/**
 * users/<userId>/uploads/<uploadId>/<index>.<ext>, with the thumbnail's suffix or not. Numbers as the layout writes
 * them: decimal, no sign, no leading zero (one image, one key).
 */
const UPLOAD_KEY =
  /^users\/([1-9][0-9]*)\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(0|[1-9][0-9]*)\.(png|jpg)(\.thumb\.webp)?$/;

function checkUserId(userId: number): void {
  if (!Number.isSafeInteger(userId) || userId < 1) throw new RangeError(`not a user id: ${userId}`);
}

function checkUploadId(uploadId: string): void {
  if (!UPLOAD_ID.test(uploadId)) throw new RangeError(`not an upload id (a lowercase UUID): ${uploadId}`);
}

/** users/<userId>/: every object of the account. */
export function userKeyPrefix(userId: number): string {
  checkUserId(userId);
  return `${USERS_KEY_PREFIX}${userId}/`;
}

/** users/<userId>/uploads/<uploadId>/: every object of one upload (originals and thumbnails). */
export function uploadKeyPrefix(userId: number, uploadId: string): string {
  checkUploadId(uploadId);
  return `${userKeyPrefix(userId)}uploads/${uploadId}/`;
}

/** users/<userId>/uploads/<uploadId>/<index>.<ext>: the key the gateway stores an original under. */
export function uploadImageKey(image: Omit<UploadKey, 'thumbnail'>): string {
  const { index, extension } = image;
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`not an image index: ${index}`);
  if (extension !== 'png' && extension !== 'jpg') throw new RangeError(`not an image extension: ${String(extension)}`);
  return `${uploadKeyPrefix(image.userId, image.uploadId)}${index}.${extension}`;
}

/** users/<user>/uploads/<upload>/<n>.<ext> → users/<user>/uploads/<upload>/<n>.<ext>.thumb.webp */
export function thumbnailKey(originalKey: string): string {
  return `${originalKey}${THUMBNAIL_SUFFIX}`;
}

/** The originals' keys and the keys of their thumbnails (which may not exist: deleting a missing key is no error). */
export function withThumbnailKeys(originalKeys: readonly string[]): string[] {
  return [...originalKeys, ...originalKeys.filter((k) => !k.endsWith(THUMBNAIL_SUFFIX)).map(thumbnailKey)];
}

/**
 * What a key of an upload's image (original or thumbnail) names, or undefined for any key the layout does not
 * write exactly: another folder, extra or missing segments, `..`, a user id or index with a sign or a leading zero,
 * an upload id that is not a lowercase UUID, another extension.
 */
export function parseUploadKey(key: string): UploadKey | undefined {
  const match = UPLOAD_KEY.exec(key);
  if (!match) return undefined;
  const userId = Number(match[1]);
  const index = Number(match[3]);
  if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(index)) return undefined;
  return {
    userId,
    uploadId: match[2]!,
    index,
    extension: match[4] as ImageExtension,
    thumbnail: match[5] !== undefined,
  };
}

/**
 * users/<userId>/imports/<importId>/<index>: an image of a bulk import waiting its turn (issue 25), stored as it
 * arrived and deleted once it is a note. Not an upload's key (the sweeper leaves it alone); it goes with the account.
 */
export function importSourceKey(userId: number, importId: string, index: number): string {
  checkUploadId(importId);
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`not an import item index: ${index}`);
  return `${userKeyPrefix(userId)}imports/${importId}/${index}`;
}
