import { useEffect, useState } from 'react';
import { ImageUp, Library } from 'lucide-react';
import { MAX_FILES_PER_UPLOAD } from '@snapnotes/contracts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.js';
import { Button } from '../../components/ui/button.js';
import type { SharePrompt } from './use-shared-files.js';

/** Images a browser shows from a blob: URL (the CSP allows them); other files are listed by name. */
const PREVIEWABLE = new Set(['image/png', 'image/jpeg']);

/** blob: URLs of the files that can be previewed, revoked when the files change or the dialog goes. */
function usePreviews(files: readonly File[] | undefined): Array<{ name: string; src: string | null }> {
  const [previews, setPreviews] = useState<Array<{ name: string; src: string | null }>>([]);
  useEffect(() => {
    const made = (files ?? []).map((file) => ({
      name: file.name,
      src: PREVIEWABLE.has(file.type) ? URL.createObjectURL(file) : null,
    }));
    setPreviews(made);
    return () => {
      for (const { src } of made) if (src) URL.revokeObjectURL(src);
    };
  }, [files]);
  return previews;
}

/**
 * The question asked before images shared to SnapNotes are uploaded (issue 22 item 1): any website can post to the
 * share target, so nothing is uploaded, and no upload of the allowance spent, until the user says so. Focus starts on
 * Discard (Radix AlertDialog); Escape discards too.
 */
export function SharedImagesDialog({ prompt, canImport = false }: { prompt: SharePrompt | null; canImport?: boolean }) {
  const previews = usePreviews(prompt?.files);
  const count = prompt?.files.length ?? 0;
  // More than one upload takes: offered as an import, each image its own note (issue 25).
  const asImport = canImport && count > MAX_FILES_PER_UPLOAD;
  return (
    <AlertDialog open={prompt !== null} onOpenChange={(open) => !open && prompt?.answer('discard')}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {asImport ? 'Import' : 'Upload'} {count} shared {count === 1 ? 'image' : 'images'}?
          </AlertDialogTitle>
          <AlertDialogDescription>
            {asImport ? (
              <>
                These images were shared to SnapNotes from another app. Import only what you shared yourself: each note
                made counts as one upload (scrolling captures of one chat or page become one note).
              </>
            ) : (
              <>
                {count === 1 ? 'This image was' : 'These images were'} shared to SnapNotes from another app. Upload only
                what you shared yourself: {count === 1 ? 'it becomes' : 'they become'} one note and count as one upload.
              </>
            )}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ul aria-label="Shared images" className="grid max-h-60 grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-4">
          {previews.map(({ name, src }, index) => (
            <li key={`${index}-${name}`} className="overflow-hidden rounded-md border bg-muted">
              {src ? (
                <img
                  src={src}
                  alt={name}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full object-cover"
                />
              ) : (
                <span className="flex aspect-square items-center justify-center p-1 text-center text-xs break-all">
                  {name}
                </span>
              )}
            </li>
          ))}
        </ul>
        <AlertDialogFooter>
          <AlertDialogCancel>Discard</AlertDialogCancel>
          {asImport ? (
            <Button onClick={() => prompt?.answer('import')}>
              <Library aria-hidden="true" />
              Import {count} images
            </Button>
          ) : (
            <Button onClick={() => prompt?.answer('upload')}>
              <ImageUp aria-hidden="true" />
              Upload
            </Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
