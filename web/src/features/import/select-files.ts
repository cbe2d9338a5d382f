/**
 * What of a chosen folder, file list, drop or share is sent to an import. A folder brings everything in it (videos,
 * .DS_Store, PDFs): only PNG/JPEG images and zips are sent, so nobody waits for a video to upload just to have it
 * skipped; the rest is named back to the user. The server checks every file again (and every zip entry): this is
 * only about not sending what cannot be imported.
 */
import { ACCEPTED_EXTENSIONS, ACCEPTED_MIME_TYPES, MAX_IMPORT_IMAGES } from '@snapnotes/contracts';

const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed', 'application/x-zip']);

export const isZip = (file: File): boolean => ZIP_TYPES.has(file.type) || file.name.toLowerCase().endsWith('.zip');

export function isImage(file: File): boolean {
  if ((ACCEPTED_MIME_TYPES as readonly string[]).includes(file.type)) return true;
  const name = file.name.toLowerCase();
  return (
    (file.type === '' || file.type === 'application/octet-stream') && ACCEPTED_EXTENSIONS.some((e) => name.endsWith(e))
  );
}

/** Hidden files and folders a computer leaves in a folder (".DS_Store", "._IMG_1.png", "Thumbs.db"): never listed. */
function isSystemFile(file: File): boolean {
  const path = (file.webkitRelativePath || file.name).split('/');
  return path.some((part) => part.startsWith('.')) || file.name === 'Thumbs.db' || file.name === 'desktop.ini';
}

export interface ImportSelection {
  /** Images then zips, in the order chosen (sorted by path for a folder, as a file manager lists it). */
  send: File[];
  /** How many of `send` are images (a zip's images are counted by the server). */
  images: number;
  zips: number;
  /** Names of files that are neither PNG/JPEG nor zip, left out. */
  leftOut: string[];
  /** Images over the 1,000 an import takes, left out (the user imports them next). */
  overLimit: number;
}

export function selectForImport(files: readonly File[]): ImportSelection {
  const byPath = [...files].sort((a, b) =>
    (a.webkitRelativePath || a.name).localeCompare(b.webkitRelativePath || b.name, undefined, { numeric: true }),
  );
  const images: File[] = [];
  const zips: File[] = [];
  const leftOut: string[] = [];
  for (const file of byPath) {
    if (isSystemFile(file)) continue;
    if (isImage(file)) images.push(file);
    else if (isZip(file)) zips.push(file);
    else leftOut.push(file.webkitRelativePath || file.name);
  }
  const kept = images.slice(0, MAX_IMPORT_IMAGES);
  return {
    send: [...kept, ...zips],
    images: kept.length,
    zips: zips.length,
    leftOut,
    overLimit: images.length - kept.length,
  };
}
