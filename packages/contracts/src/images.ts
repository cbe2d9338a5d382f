import { z } from 'zod';

/**
 * The original images of a note (issue 13, "The original images"; DECISIONS "Original images"). The gateway stores
 * a small WebP thumbnail beside each original, under the same upload folder (the key layout: storage-keys.ts).
 */
/** The longest side of a thumbnail, in pixels (fit inside, never enlarged). */
export const THUMBNAIL_MAX_SIDE = 320;

/** One image of GET /api/notes/{id}/images: URLs of the owner-only image routes (the caller's bearer token needed). */
export const noteImageSchema = z.object({
  /** Position in the upload, 0-based. */
  index: z.number().int().min(0),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
  /** The file name the user chose, sanitised at upload. */
  fileName: z.string().optional(),
  /**
   * The image's size in pixels as a browser shows it (EXIF rotation applied), so a viewer can reserve its space.
   * Absent only when it could not be read (a missing object).
   */
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type NoteImage = z.infer<typeof noteImageSchema>;

export function noteImageUrl(noteId: number, index: number): string {
  return `/api/notes/${noteId}/images/${index}`;
}

export function noteThumbnailUrl(noteId: number, index: number): string {
  return `/api/notes/${noteId}/images/${index}/thumbnail`;
}

/** An image's size as shown: EXIF orientations 5–8 turn it a quarter, so its width and height swap. */
export function uprightSize(size: { width: number; height: number; orientation?: number | undefined }): {
  width: number;
  height: number;
} {
  return (size.orientation ?? 1) >= 5
    ? { width: size.height, height: size.width }
    : { width: size.width, height: size.height };
}
