/**
 * Duplicates (issue 25 item 2; DECISIONS "Duplicates"). POST /api/process-screenshots answers 200 with the note as
 * before; when every image of the upload is already in the user's notes (the same bytes, or the same screen
 * re-encoded, resized or with another status bar), no note is made and nothing is charged: the reply is the note that
 * holds the first image, with `duplicateOf` naming it. An upload with some new images is made into a note of all its
 * images as usual (its images belong together) and has no `duplicateOf`.
 */
import { z } from 'zod';
import { noteSchema } from './api.js';

/** The note that already holds the image (its id as a string, as the imports' items carry it). */
export const duplicateOfSchema = z.object({ noteId: z.string(), title: z.string() });
export type DuplicateOf = z.infer<typeof duplicateOfSchema>;

/** The reply of POST /api/process-screenshots. */
export const uploadReplySchema = noteSchema.extend({ duplicateOf: duplicateOfSchema.optional() });
export type UploadReply = z.infer<typeof uploadReplySchema>;

/** What the web app shows for a duplicate: "Already in your notes: <title>". */
export const alreadyInNotesMessage = (title: string): string => `Already in your notes: ${title}`;
