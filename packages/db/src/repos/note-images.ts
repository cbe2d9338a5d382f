import type { ImageMeta } from '@snapnotes/contracts';

/** One stored image of a note (NotesRepo.imagesForUser, NoteReprocessingsRepo.start). */
export interface NoteImageObject {
  /** Position in the upload, 0-based. */
  index: number;
  key: string;
  fileName: string | null;
  /** Its type, bytes and stored size (uploads.image_meta); null for uploads made before it was kept. */
  meta: ImageMeta | null;
}

/** The stored images of a note and the upload that holds them (null: a note without an upload). */
export interface NoteImages {
  uploadId: string | null;
  images: NoteImageObject[];
}

/** A note's images from its upload row's columns (all null for a note without an upload). */
export function noteImagesOf(upload: {
  uploadId: string | null;
  objectKeys: string[] | null;
  fileNames: string[] | null;
  imageMeta: ImageMeta[] | null;
}): NoteImages {
  const names = upload.fileNames ?? [];
  const keys = upload.objectKeys ?? [];
  // Meta that does not describe every image (never written so) is treated as missing.
  const meta = upload.imageMeta?.length === keys.length ? upload.imageMeta : null;
  return {
    uploadId: upload.uploadId,
    images: keys.map((key, index) => ({ index, key, fileName: names[index] ?? null, meta: meta?.[index] ?? null })),
  };
}
