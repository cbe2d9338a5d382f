import { ACCEPTED_EXTENSIONS, ACCEPTED_MIME_TYPES, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '@snapnotes/contracts';

export const TOO_MANY_FILES_MESSAGE = `You can only upload up to ${MAX_FILES_PER_UPLOAD} files at once`;

export type SelectionCheck =
  | { ok: true; files: File[] }
  /** More than 10 files: SPEC §5's message, shown inline (issue 23). */
  | { ok: false; reason: 'too-many'; message: string }
  | { ok: false; reason: 'empty' | 'unsupported-type' | 'too-large'; message: string };

function hasAcceptedType(file: File): boolean {
  if ((ACCEPTED_MIME_TYPES as readonly string[]).includes(file.type)) return true;
  const name = file.name.toLowerCase();
  return file.type === '' && ACCEPTED_EXTENSIONS.some((ext) => name.endsWith(ext));
}

function listNames(files: File[]): string {
  return files.map((f) => f.name || 'pasted image').join(', ');
}

/** Checks a selection, drop or paste before upload: at most 10 files, PNG/JPG/JPEG only, 10 MB each. */
export function checkSelection(files: readonly File[]): SelectionCheck {
  if (files.length === 0) return { ok: false, reason: 'empty', message: 'No images selected.' };
  if (files.length > MAX_FILES_PER_UPLOAD) return { ok: false, reason: 'too-many', message: TOO_MANY_FILES_MESSAGE };
  const unsupported = files.filter((file) => !hasAcceptedType(file));
  if (unsupported.length > 0) {
    return {
      ok: false,
      reason: 'unsupported-type',
      message: `Only PNG, JPG and JPEG images can be uploaded. Not accepted: ${listNames(unsupported)}.`,
    };
  }
  const maxMb = Math.round(MAX_FILE_BYTES / (1024 * 1024));
  const tooLarge = files.filter((file) => file.size > MAX_FILE_BYTES);
  if (tooLarge.length > 0) {
    return {
      ok: false,
      reason: 'too-large',
      message: `Each image must be ${maxMb} MB or smaller. Too large: ${listNames(tooLarge)}.`,
    };
  }
  return { ok: true, files: [...files] };
}

/** Image files of a paste event (screenshots pasted with Ctrl/Cmd+V). */
export function imagesFromClipboard(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files: File[] = [];
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind !== 'file' || !item.type.startsWith('image/')) continue;
    const file = item.getAsFile();
    if (file) files.push(file);
  }
  if (files.length === 0) {
    for (const file of Array.from(data.files ?? [])) if (file.type.startsWith('image/')) files.push(file);
  }
  return files;
}
