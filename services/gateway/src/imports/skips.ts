/**
 * Why a file of an import was skipped (ImportItem.error of a `skipped` item): a code the app may key on, and the
 * sentence the progress tray shows.
 */
import { MAX_FILE_BYTES, MAX_IMPORT_IMAGES } from '@snapnotes/contracts';

const MB = Math.round(MAX_FILE_BYTES / (1024 * 1024));

const REASONS = {
  UNSAFE_PATH: "Skipped: its path leaves the zip's folder ('..' or an absolute path), so it was not opened.",
  NESTED_ZIP: 'Skipped: a zip inside a zip is not opened. Import that zip on its own.',
  FILE_TOO_LARGE: `Skipped: larger than ${MB} MB. Each image must be ${MB} MB or smaller.`,
  ZIP_BOMB: 'Skipped: it expands to far more than its size in the zip (a zip bomb), so it was not unpacked.',
  UNREADABLE: 'Skipped: it could not be read from the zip (damaged, encrypted, or compressed in an unsupported way).',
  UNSUPPORTED_TYPE: 'Skipped: not a PNG or JPEG image.',
  EMPTY_FILE: 'Skipped: the file is empty.',
  TOO_MANY_ENTRIES: 'Skipped: the zip has more than 5,000 files; the rest of it was not read.',
  NOT_A_ZIP: 'Skipped: not a zip file that could be read.',
  EMPTY_ZIP: 'Skipped: the zip has no files in it.',
  TOO_MANY_IMAGES: `Skipped: an import takes at most ${MAX_IMPORT_IMAGES.toLocaleString('en')} images. Import the rest on their own.`,
} as const;

export type SkipCode = keyof typeof REASONS;

export function skipReason(code: SkipCode): string {
  return REASONS[code];
}
