/**
 * Whether a stage job's upload still wants it (issue 22, item 16): the upload row (or, for "Read again", the re-read's
 * row) is the source of truth, and only one that is still `processing` is waiting for a note. Jobs of uploads the
 * gateway already answered (a 503 while Redis was away, a timeout, a deleted account) are dropped by the workers.
 */
import type { StillWanted } from '@snapnotes/queue';
import type { Repositories } from './wiring.js';

export function uploadStillProcessing(repos: Pick<Repositories, 'uploads' | 'reprocessings'>): StillWanted {
  return async ({ jobId, purpose }) => {
    const row =
      purpose.kind === 'reread' ? await repos.reprocessings.findById(jobId) : await repos.uploads.findById(jobId);
    return row?.status === 'processing';
  };
}
