/**
 * Where an upload in flight is (issue 23): the browser names its upload with a progress id of its own (the
 * `X-Progress-Id` header of POST /api/process-screenshots, whose body stays as SPEC §7 has it) and asks
 * GET /api/uploads/{progressId}/progress while the POST is held open. Only the uploader gets an answer; anyone else,
 * and an upload the gateway does not know (yet, or any more), gets 404.
 */
import { z } from 'zod';

export const PROGRESS_ID_HEADER = 'x-progress-id';

/** A progress id: 16 to 64 letters, digits and dashes (a UUID fits). */
export const progressIdSchema = z.string().regex(/^[A-Za-z0-9-]{16,64}$/);

/**
 * The stages, in the order an upload goes through them:
 * - `receiving`: the gateway is reading the body (the browser is still sending the images);
 * - `checking`: the files are checked and stored, and the image checks (moderation) run;
 * - `reading`: text is read from the images, `pagesRead` of `pages` done (the OCR stage);
 * - `processing`: every page is read, the image checks are finishing;
 * - `summarising`: the summary, key points and title are being written (or the images described);
 * - `saving`: the note is being saved.
 */
export const UPLOAD_STAGES = ['receiving', 'checking', 'reading', 'processing', 'summarising', 'saving'] as const;
export type UploadStage = (typeof UPLOAD_STAGES)[number];

export const uploadProgressSchema = z.object({
  stage: z.enum(UPLOAD_STAGES),
  /** Images whose text has been read (0 before the `reading` stage). */
  pagesRead: z.number().int().nonnegative(),
  /** Images in the upload (0 while the body is still being received). */
  pages: z.number().int().nonnegative(),
});
export type UploadProgressReply = z.infer<typeof uploadProgressSchema>;
