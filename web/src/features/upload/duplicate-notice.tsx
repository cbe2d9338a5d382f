import { Copy } from 'lucide-react';
import { alreadyInNotesMessage, type DuplicateOf } from '@snapnotes/contracts';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.js';
import { revealNote } from '../../lib/reveal-note.js';

/**
 * An upload whose every image is already in the user's notes (issue 25: no note made, no upload used): "Already in
 * your notes: <title>", the title a link that takes the user to that note in the list.
 */
export function DuplicateNotice({ duplicate }: { duplicate: DuplicateOf }) {
  return (
    <Alert data-testid="upload-duplicate">
      <Copy aria-hidden="true" />
      <AlertTitle>Nothing new to add</AlertTitle>
      <AlertDescription>
        <p role="status">
          {alreadyInNotesMessage('')}
          <a
            href={`#note-${duplicate.noteId}`}
            className="font-medium text-brand underline underline-offset-4"
            onClick={(event) => {
              event.preventDefault();
              void revealNote(duplicate.noteId);
            }}
          >
            {duplicate.title}
          </a>
        </p>
        <p>No note was made and no upload was used.</p>
      </AlertDescription>
    </Alert>
  );
}
