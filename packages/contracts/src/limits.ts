/** Upload limits (SPEC §5, §9; DESIGN §7). Shared by web and gateway so both say the same thing. */
export const MAX_FILES_PER_UPLOAD = 10;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Decoded pixel cap against decompression bombs: 40 megapixels (a 8000×5000 photo). */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const ACCEPTED_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export type AcceptedMime = (typeof ACCEPTED_MIME_TYPES)[number];
export const ACCEPTED_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
/** Rate limit: images per user per window (DESIGN §7). */
export const RATE_LIMIT_IMAGES = 10;
export const RATE_LIMIT_WINDOW_SECONDS = 5 * 60;
/**
 * "Read again" for free users: re-reads in any 24 hours (DECISIONS "Read again"). Subscribers have no cap; the upload
 * rate limit applies to everyone.
 */
export const FREE_REREADS_PER_DAY = 5;
