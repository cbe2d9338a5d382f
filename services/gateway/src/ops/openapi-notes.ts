/**
 * The OpenAPI entries of the notes routes (the list, search, rename, delete, images, upload and "Read again"),
 * merged into ROUTE_DOCS (openapi-routes.ts).
 */
import {
  ErrorCode,
  FREE_REREADS_PER_DAY,
  MAX_FILE_BYTES,
  MAX_FILES_PER_UPLOAD,
  MAX_OCR_LANGUAGES,
  NEXT_CURSOR_HEADER,
  NOTES_PAGE_DEFAULT,
  NOTES_PAGE_MAX,
  NOTES_SEARCH_MAX_LENGTH,
  MAX_FILTER_TAGS,
  MAX_NOTE_TAGS,
  MAX_TAG_LENGTH,
  NOTE_CONTENT_KINDS,
  noteFilterOptionsSchema,
  noteImageSchema,
  noteSchema,
  uploadReplySchema,
  noteSearchMatchSchema,
  reprocessNoteBodySchema,
  reprocessNoteResponseSchema,
  THUMBNAIL_MAX_SIDE,
  updateTitleBodySchema,
  uploadProgressSchema,
} from '@snapnotes/contracts';
import {
  authErrors,
  bearer,
  error,
  jsonSchema,
  noteIdParam,
  noteImageParams,
  ok,
  ownerErrors,
  userIdParam,
  type JsonSchema,
  type RouteDoc,
} from './openapi-common.js';

/** A note of GET /api/notes/{userId}; a search result also has `match`. */
const noteJson = jsonSchema(noteSchema, 'output');
const noteListItem: JsonSchema = {
  ...noteJson,
  properties: {
    ...(noteJson.properties as JsonSchema),
    match: {
      ...jsonSchema(noteSearchMatchSchema, 'output'),
      description:
        'Search results only: the field that matched, a plain-text snippet of it (not HTML; "…" where cut) and the ' +
        '[start, end) ranges of the matched words in the snippet (UTF-16 code units, as JavaScript indexes strings).',
    },
  },
};

/** The filters of GET /api/notes/{userId} (issue 25): they narrow the list or the search, and page like them. */
const NOTE_FILTER_PARAMS: Record<string, JsonSchema> = {
  tag: {
    type: 'array',
    items: { type: 'string', maxLength: MAX_TAG_LENGTH },
    maxItems: MAX_FILTER_TAGS,
    description: `A tag (repeat for several: a note must have every one; at most ${MAX_FILTER_TAGS}).`,
  },
  kind: { type: 'string', enum: [...NOTE_CONTENT_KINDS], description: 'What the note is.' },
  lang: { type: 'string', description: 'The note’s language code, as notes hold it (eng, fra, deu…).' },
  from: {
    type: 'string',
    description: 'Created on or after: a day (2026-03-01, UTC) or an ISO time with its offset.',
  },
  to: {
    type: 'string',
    description: 'Created before the end of this day (UTC), or before this ISO time with its offset.',
  },
};

export const NOTE_ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/notes/:userId': {
    tags: ['notes'],
    summary: 'The caller’s notes, newest first; one page of them; or a ranked search',
    description:
      'Without query parameters: every note, newest first (SPEC §7). ' +
      `With \`limit\` (1–${NOTES_PAGE_MAX}) and/or \`cursor\`: one page of that same list (keyset paging on ` +
      'created_at and id: notes added or deleted while a client pages never make another note be skipped or sent ' +
      `twice; \`cursor\` alone pages by ${NOTES_PAGE_DEFAULT}). ` +
      `With \`q\`: one page (\`limit\`, default ${NOTES_PAGE_DEFAULT}) of ranked search results, each note with ` +
      '`match`: first notes holding the words (full text search in the note’s language and as written, quoted ' +
      'phrases, `or`, `-word`; ranked by field, title first), then notes holding the text as typed anywhere in a ' +
      'field (partial words, short or odd text), then notes holding a close spelling (typos). ' +
      `The next page’s cursor comes in the ${NEXT_CURSOR_HEADER} header, absent on the last page; send it back ` +
      'unchanged with the same `q`.',
    security: bearer,
    params: userIdParam,
    querystring: {
      type: 'object',
      properties: {
        q: {
          type: 'string',
          description: `Search text (trimmed; cut to ${NOTES_SEARCH_MAX_LENGTH} characters; blank = no search).`,
        },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: NOTES_PAGE_MAX,
          description:
            'Page size. Without limit, cursor and q the route lists every note; ' +
            `a search, or a cursor alone, pages by ${NOTES_PAGE_DEFAULT}.`,
        },
        cursor: {
          type: 'string',
          pattern: '^[A-Za-z0-9_-]{1,256}$',
          description: `The previous page’s ${NEXT_CURSOR_HEADER}, as received (opaque).`,
        },
        ...NOTE_FILTER_PARAMS,
      },
    },
    response: {
      200: {
        ...ok({ type: 'array', items: noteListItem }, 'The notes (a page of them with limit, cursor or q).'),
        headers: {
          [NEXT_CURSOR_HEADER]: {
            type: 'string',
            description: 'Cursor of the next page (pass it as `cursor`); absent on the last page and without paging.',
          },
        },
      },
      400: error(
        'limit is not 1–100, the cursor is not one this server made for this list or search, or a filter is ' +
          'invalid (the message names it).',
      ),
      ...ownerErrors,
      429: error(
        'SEARCHES_IN_PROGRESS: the caller already has 3 searches running; NOTES_LIST_IN_PROGRESS: the caller’s ' +
          'full list (no parameters) is already being sent. Retry-After gives the seconds to wait.',
      ),
      503: error(
        'SEARCH_TIMEOUT: the search ran too long and was stopped; SERVER_BUSY: too many searches at once on this ' +
          'server, or the database is unreachable (both with Retry-After); FIREBASE_NOT_CONFIGURED.',
      ),
    },
  },
  'PUT /api/notes/:id/tags': {
    tags: ['notes'],
    summary: 'Set a note’s tags',
    description:
      `The note’s tags from now on: each normalised (lower case, a leading # dropped, spaces as one), duplicates ` +
      `dropped, at most ${MAX_NOTE_TAGS} of at most ${MAX_TAG_LENGTH} characters. A "Read again" keeps them.`,
    security: bearer,
    params: noteIdParam,
    body: {
      type: 'object',
      required: ['tags'],
      properties: { tags: { type: 'array', items: { type: 'string' }, maxItems: MAX_NOTE_TAGS * 4 } },
    },
    response: {
      200: ok(jsonSchema(noteSchema, 'output'), 'The updated note.'),
      400: error('Not a list of tags, a tag empty, too long or holding a comma, or too many tags.'),
      404: error('No such note of the caller.'),
      ...ownerErrors,
    },
  },
  'GET /api/note-filters/:userId': {
    tags: ['notes'],
    summary: 'What the library’s filters offer',
    description: 'The caller’s tags (the 50 most used), kinds and languages, each with its number of notes.',
    security: bearer,
    params: userIdParam,
    response: { 200: ok(jsonSchema(noteFilterOptionsSchema, 'output'), 'The options.'), ...ownerErrors },
  },
  'PATCH /api/notes/:id/title': {
    tags: ['notes'],
    summary: 'Rename a note',
    security: bearer,
    params: noteIdParam,
    body: jsonSchema(updateTitleBodySchema),
    response: {
      200: ok(jsonSchema(noteSchema, 'output'), 'The updated note.'),
      400: error('Empty or too long title.'),
      404: error('No such note of the caller.'),
      ...ownerErrors,
    },
  },
  'DELETE /api/notes/:id': {
    tags: ['notes'],
    summary: 'Delete a note and its images',
    security: bearer,
    params: noteIdParam,
    response: {
      200: ok({ type: 'object', properties: { success: { type: 'boolean' }, id: { type: 'integer' } } }, 'Deleted.'),
      404: error('No such note of the caller.'),
      ...ownerErrors,
    },
  },
  'GET /api/notes/:id/images': {
    tags: ['notes'],
    summary: 'The images of the caller’s note, in upload order',
    description:
      'Each image with the URLs of its original and its thumbnail. Those URLs need the bearer token too: the web ' +
      'app fetches them and shows blob: URLs (DECISIONS "Original images").',
    security: bearer,
    params: noteIdParam,
    response: {
      200: ok({ type: 'array', items: jsonSchema(noteImageSchema, 'output') }, 'The images (none for a note without).'),
      404: error('No such note of the caller (another user’s note included).'),
      ...authErrors,
      403: error('The account is not set up yet.'),
    },
  },
  'GET /api/notes/:id/images/:index': {
    tags: ['notes'],
    summary: 'One original image of the caller’s note',
    description:
      'The bytes as uploaded (PNG or JPEG; the type is the one the upload sniffed), streamed from the store. ' +
      '`Cache-Control: private, no-store` (no copy stays in the browser) with an ETag; `If-None-Match` answers 304. ' +
      'A client that reads nothing for IMAGE_SEND_IDLE_MS is cut off.',
    security: bearer,
    params: noteImageParams,
    produces: ['image/png', 'image/jpeg'],
    response: {
      200: { type: 'string', format: 'binary', description: 'The image.' },
      304: { type: 'null', description: 'Not modified.' },
      404: error('No such note of the caller, or no such image.'),
      429: error(`${ErrorCode.ImageReadsInProgress}: IMAGE_READS_PER_USER images are being sent already; Retry-After.`),
      ...authErrors,
      403: error('The account is not set up yet.'),
      503: error('SERVER_BUSY: the server is sending too many images right now; Retry-After.'),
    },
  },
  'GET /api/notes/:id/images/:index/thumbnail': {
    tags: ['notes'],
    summary: 'The thumbnail of one image of the caller’s note',
    description:
      `A WebP at most ${THUMBNAIL_MAX_SIDE}×${THUMBNAIL_MAX_SIDE} pixels, EXIF-rotated, without metadata; made ` +
      'from the original on the fly when the upload could not store one. `Cache-Control: private, no-cache` (the ' +
      'browser revalidates it before each use) with an ETag; `If-None-Match` answers 304.',
    security: bearer,
    params: noteImageParams,
    produces: ['image/webp'],
    response: {
      200: { type: 'string', format: 'binary', description: 'The thumbnail.' },
      304: { type: 'null', description: 'Not modified.' },
      404: error('No such note of the caller, or no such image.'),
      ...authErrors,
      403: error('The account is not set up yet.'),
    },
  },
  'POST /api/process-screenshots': {
    tags: ['notes'],
    summary: 'Turn screenshots into a note',
    description:
      `Multipart form: 1–${MAX_FILES_PER_UPLOAD} files in \`images\` (PNG or JPEG, checked by content, ` +
      `${MAX_FILE_BYTES / 1024 / 1024} MB each) and optionally \`userId\`. The request is held open while the ` +
      'images are moderated, read (OCR) and summarised (PROCESSING_TIMEOUT_MS), and answers with the new note. ' +
      'An `x-request-id` header (8–100 letters, digits, _ or -) is used as the correlation id of every log line ' +
      'of the upload; the reply echoes it. An `x-progress-id` header (16–64 letters, digits or -, chosen by the ' +
      'client) names the upload for GET /api/uploads/{id}/progress while the request is held open.',
    security: bearer,
    consumes: ['multipart/form-data'],
    body: {
      type: 'object',
      properties: {
        images: {
          type: 'array',
          items: { type: 'string', format: 'binary' },
          minItems: 1,
          maxItems: MAX_FILES_PER_UPLOAD,
        },
        userId: { type: 'string' },
      },
      required: ['images'],
    },
    response: {
      200: ok(
        jsonSchema(uploadReplySchema, 'output'),
        'The new note; or, with `duplicateOf`, the note that already holds every image (nothing made or charged).',
      ),
      400: error('A refused file, or flagged content (inappropriateImages lists every flagged file).'),
      402: error('The free allowance is used up (upgradeRequired: true).'),
      408: error(`${ErrorCode.UploadStalled}: the body sent nothing for UPLOAD_BODY_IDLE_MS; nothing kept or counted.`),
      422: error('No text and nothing describable in the images; `reason` says why (e.g. blank images).'),
      429: error('More than 10 images in 5 minutes; see Retry-After.'),
      500: error('Processing failed.'),
      504: error('Processing took longer than PROCESSING_TIMEOUT_MS.'),
      ...ownerErrors,
      503: error(
        'Try again in a few seconds (SERVER_BUSY, with Retry-After): the processing queue or the database cannot be ' +
          'reached right now, or the server is short of memory (UPLOAD_MAX_RSS_MB). Nothing was kept or counted. Or the ' +
          'server has no Firebase configuration (FIREBASE_NOT_CONFIGURED).',
      ),
    },
  },
  'GET /api/uploads/:id/progress': {
    tags: ['notes'],
    summary: 'Where an upload in progress is',
    description:
      'The stage of the caller’s upload sent with `x-progress-id: {id}`, while its POST /api/process-screenshots ' +
      'is held open: receiving, checking, reading (pagesRead of pages), processing, summarising, saving.',
    security: bearer,
    params: {
      type: 'object',
      properties: { id: { type: 'string', pattern: '^[A-Za-z0-9-]{16,64}$' } },
      required: ['id'],
    },
    response: {
      200: ok(jsonSchema(uploadProgressSchema, 'output'), 'The stage.'),
      204: {
        type: 'null',
        description:
          'No upload of the caller in progress with this id (not started yet, finished, unknown, or another user’s).',
      },
      ...ownerErrors,
    },
  },
  'POST /api/notes/:id/reprocess': {
    tags: ['notes'],
    summary: 'Read a note again ("Read again"): OCR and the summary re-run from its stored images',
    description:
      'Re-runs OCR (with `languages` when given, else the caller’s settings languages, else the server’s ' +
      'defaults) and the summary (the configured model when there is one, the local summariser otherwise) from the ' +
      'images stored with the note, through the same pipeline as an upload but without the image checks (they ' +
      'passed at upload; the new text is checked again). The request is held open like an upload ' +
      '(PROCESSING_TIMEOUT_MS) and answers with the updated note: same id; the title is replaced by the new ' +
      'summary’s unless the caller renamed the note; text, key points, summary, language and word count are the new ' +
      'reading’s. Uses no upload allowance; counts the note’s images against the upload rate limit and is one of ' +
      'the caller’s uploads in progress. One re-read per note at a time. Whenever it fails, the note is unchanged.',
    security: bearer,
    params: noteIdParam,
    body: {
      ...jsonSchema(reprocessNoteBodySchema),
      description:
        `Optional. \`languages\`: 1–${MAX_OCR_LANGUAGES} codes from GET /api/ocr-languages (duplicates dropped), ` +
        'read first this time, before each image’s language is detected.',
    },
    response: {
      200: ok(
        jsonSchema(reprocessNoteResponseSchema, 'output'),
        'The note, read again, and what the new reading changed (`changed`: text, summary, title; all false when ' +
          'the images read exactly as before).',
      ),
      ...authErrors,
      400: error(
        'Bad body or a language this server does not offer; or the new text was flagged (INAPPROPRIATE_CONTENT, ' +
          'inappropriateImages lists the files).',
      ),
      404: error('No such note of the caller (another user’s note included).'),
      409: error(
        `${ErrorCode.ReprocessInProgress}: the note is being read again already; ${ErrorCode.NoImages}: the ` +
          'note has no stored images.',
      ),
      422: error('No text could be read from the images this time (a note made from text keeps its text).'),
      429: error(
        'More than 10 images in 5 minutes, uploads and re-reads together (RATE_LIMITED), too many uploads in ' +
          `progress (UPLOADS_IN_PROGRESS), or a free user's ${FREE_REREADS_PER_DAY} re-reads of the last 24 hours ` +
          `used (${ErrorCode.RereadsPerDay}); see Retry-After.`,
      ),
      503: error(`A stage failed after its retries (${ErrorCode.ReprocessFailed}), or Firebase is not configured.`),
      504: error('Reading took longer than PROCESSING_TIMEOUT_MS.'),
      403: error('The account is not set up yet.'),
    },
  },
};
