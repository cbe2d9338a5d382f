/**
 * "Import many" (issue 25), beside the upload section's Browse Files: a folder, many images, or a zip, each image of
 * which becomes its own note. The upload section keeps its own ≤10-images-one-note flow; this only starts imports.
 */
import { useRef, useState } from 'react';
import { FileArchive, FolderUp, Images, Library } from 'lucide-react';
import { MAX_IMPORT_IMAGES } from '@snapnotes/contracts';
import { Button } from '../../components/ui/button.js';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.js';
import { useImports } from './import-provider.js';
import { TEXTS } from './texts.js';

const IMAGE_TYPES = 'image/png,image/jpeg,.png,.jpg,.jpeg';
const ZIP_TYPES = '.zip,application/zip,application/x-zip-compressed';

/** Browsers that can pick a whole folder (every desktop browser; not iOS, whose picker has no folders). */
function canPickFolder(): boolean {
  if (typeof document === 'undefined') return false;
  return 'webkitdirectory' in document.createElement('input') && !/iPad|iPhone|iPod/.test(navigator.userAgent);
}

export interface ImportEntryProps {
  /** Off (with the reason in `describedBy`) while offline. */
  disabled?: boolean;
  describedBy?: string;
  variant?: 'outline' | 'ghost';
}

export function ImportEntry({ disabled = false, describedBy, variant = 'outline' }: ImportEntryProps) {
  const { start } = useImports();
  const folderRef = useRef<HTMLInputElement>(null);
  const filesRef = useRef<HTMLInputElement>(null);
  const zipRef = useRef<HTMLInputElement>(null);
  const [folders] = useState(canPickFolder);

  const take = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length > 0) start(files);
  };
  const input = (ref: typeof folderRef, label: string, accept: string | undefined, folder = false) => (
    <input
      ref={ref}
      type="file"
      multiple
      accept={accept}
      className="sr-only"
      tabIndex={-1}
      aria-label={label}
      onChange={(event) => take(event.currentTarget)}
      {...(folder ? { webkitdirectory: '' } : {})}
    />
  );

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant={variant} disabled={disabled} aria-describedby={describedBy}>
            <Library aria-hidden="true" />
            {TEXTS.entry}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">{TEXTS.entryHint}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {folders ? (
            <DropdownMenuItem onSelect={() => folderRef.current?.click()}>
              <FolderUp aria-hidden="true" />
              {TEXTS.chooseFolder}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => filesRef.current?.click()}>
            <Images aria-hidden="true" />
            {TEXTS.chooseFiles}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => zipRef.current?.click()}>
            <FileArchive aria-hidden="true" />
            {TEXTS.chooseZip}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {input(folderRef, 'Import a folder', undefined, true)}
      {input(filesRef, `Import up to ${MAX_IMPORT_IMAGES} images`, `${IMAGE_TYPES},${ZIP_TYPES}`)}
      {input(zipRef, 'Import a zip', ZIP_TYPES)}
    </>
  );
}
