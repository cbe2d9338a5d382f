/** Every text of the bulk import the spec does not give (docs/DECISIONS.md "Bulk import in the web app"). */
import type { ImportDetail } from '@snapnotes/contracts';
import { formatNumber } from '../../lib/utils.js';

const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

export const TEXTS = {
  entry: 'Import many',
  entryHint:
    'Each screenshot becomes a note; scrolling captures of one chat or page become one. Up to 1,000 at a time.',
  chooseFolder: 'Choose a folder',
  chooseFiles: 'Choose images',
  chooseZip: 'Choose a zip',
  trayLabel: 'Imports',
  sendFailedTitle: 'The images were not sent',
  sendFailedFallback: 'SnapNotes could not be reached. Nothing was imported: try again.',
  tryAgain: 'Try again',
  dismiss: 'Dismiss',
  retryFailed: 'Retry failed',
  retrying: 'Retrying…',
  retryFailedError: 'Could not retry the failed images. Try again in a moment.',
  seePlans: 'See the plans',
  upgradeTitle: 'Import everything',
  upgradeDescription: 'Premium imports have no monthly limit and go first in the queue.',
  failedHeading: 'Failed',
  skippedHeading: 'Skipped',
  duplicateHeading: 'Already in your notes',
  alreadyInNotes: 'Already in your notes:',
  noteFurtherDown: (title: string) => `“${title}” is further down your notes: search for it to open it.`,
  nothingToImportTitle: 'Nothing to import',
  nothingToImport: 'Choose PNG or JPEG images, a folder of them, or a zip.',
  leftOutTitle: 'Some files were left out',
  leftOut: (names: string[]) => {
    const shown = names.slice(0, 3).join(', ');
    const more = names.length > 3 ? ` and ${formatNumber(names.length - 3)} more` : '';
    return `Only PNG and JPEG images and zips can be imported. Left out: ${shown}${more}.`;
  },
  overLimitTitle: 'The first 1,000 images are being imported',
  overLimit: (n: number) =>
    `An import takes up to 1,000 images. Import the other ${formatNumber(n)} once it has finished.`,
  sending: (files: number) => `Sending ${plural(files, 'file')}`,
  sendingDetail: (percent: number) => `${percent}% sent. Keep this page open until everything is sent.`,
} as const;

/** How many items are settled (a note, a duplicate, a failure or a skip): the "n" of "n of m". */
export function settledCount(detail: ImportDetail): number {
  const { done, failed, duplicate, skipped } = detail.counts;
  return done + failed + duplicate + skipped;
}

export function importTitle(detail: ImportDetail): string {
  if (detail.status === 'stopped') return 'Import stopped';
  if (detail.status === 'done') return 'Import finished';
  return `Importing ${formatNumber(settledCount(detail))} of ${formatNumber(detail.total)}`;
}

/**
 * "12 new notes · 3 already in your notes · 1 failed · 2 skipped" (zeros left out, the new notes always said). New
 * notes, not images: scrolling captures joined into one note count once.
 */
export function countsLine(detail: ImportDetail): string {
  const { queued, processing, failed, duplicate, skipped } = detail.counts;
  const parts = [plural(detail.notes, 'new note')];
  if (duplicate > 0) parts.push(`${formatNumber(duplicate)} already in your notes`);
  if (failed > 0) parts.push(`${formatNumber(failed)} failed`);
  if (skipped > 0) parts.push(`${formatNumber(skipped)} skipped`);
  if (detail.status === 'running' && queued + processing > 0) parts.push(`${formatNumber(queued + processing)} to go`);
  return parts.join(' · ');
}

/** What a screen reader is told (politely, not at every image): the title, then the counts. */
export function announcement(detail: ImportDetail): string {
  const title =
    detail.status === 'running'
      ? `Imported ${formatNumber(settledCount(detail))} of ${formatNumber(detail.total)}`
      : importTitle(detail);
  return `${title}. ${countsLine(detail)}.${detail.stoppedMessage ? ` ${detail.stoppedMessage}.` : ''}`;
}
