import { useState, type Ref } from 'react';
import { Loader2, RefreshCw } from 'lucide-react';
import type { Note } from '@snapnotes/contracts';
import { LanguageChecklist } from '../../components/language-checklist.js';
import { Button } from '../../components/ui/button.js';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.js';
import { savedSelection, sameLanguages, useOcrLanguages } from '../../lib/ocr-languages.js';
import { useAuth } from '../../lib/session.js';
import type { useReadAgain } from './api.js';

type ReadAgainMutation = ReturnType<typeof useReadAgain>;

/** The "Read again" button of a card (wide screens; on a phone it is an item of the card's menu). */
export function ReadAgainButton({
  note,
  readAgain,
  onOpen,
  ref,
}: {
  note: Note;
  readAgain: ReadAgainMutation;
  onOpen: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <Button
      ref={ref}
      variant="ghost"
      size="sm"
      onClick={onOpen}
      disabled={readAgain.isPending}
      aria-label={`Read again: ${note.title}`}
    >
      <RefreshCw className={readAgain.isPending ? 'animate-spin' : undefined} aria-hidden="true" />
      <span className="hidden sm:inline">{readAgain.isPending ? 'Reading...' : 'Read again'}</span>
    </Button>
  );
}

interface ReadAgainDialogProps {
  note: Note;
  readAgain: ReadAgainMutation;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the dialog closed: focus goes back to what opened it (the button, or the phone's menu). */
  onClosed: () => void;
}

/**
 * A note's "Read again": a dialog that reads the stored images again, in the languages the user checks (their
 * settings' languages to start with), and rewrites the text and the summary. It uses no upload. While it runs the
 * card says so; the dialog can be closed and the note updates when the server answers.
 */
export function ReadAgainDialog({ note, readAgain, open, onOpenChange, onClosed }: ReadAgainDialogProps) {
  const { user } = useAuth();
  const offered = useOcrLanguages();
  /** null: untouched, the user's languages are used. */
  const [draft, setDraft] = useState<string[] | null>(null);

  const data = offered.data ?? null;
  const usual = data ? savedSelection(user?.ocrLanguages, data) : [];
  const selection = draft ?? usual;

  const start = () => {
    // The user's own languages need not be sent: the server reads them the same way.
    readAgain.mutate(sameLanguages(selection, usual) ? undefined : selection, {
      onSettled: () => {
        onOpenChange(false);
        setDraft(null);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-lg"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogHeader>
          <DialogTitle>Read this note again?</DialogTitle>
          <DialogDescription>
            SnapNotes reads {note.imageCount === 1 ? 'the image' : 'the images'} of “{note.title}” again and writes a
            new summary. Your title stays if you renamed the note. This does not use an upload.
          </DialogDescription>
        </DialogHeader>
        {data ? (
          <div className="space-y-2">
            <h3 className="text-sm font-medium">Languages in these images</h3>
            <LanguageChecklist
              languages={data.languages}
              selection={selection}
              onChange={setDraft}
              legend="Languages in these images"
              idPrefix={`read-again-${note.id}`}
              disabled={readAgain.isPending}
            />
          </div>
        ) : null}
        {readAgain.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Reading the images again... You can close this window; the note updates when it is done.
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {readAgain.isPending ? 'Close' : 'Cancel'}
          </Button>
          <Button onClick={start} disabled={readAgain.isPending}>
            {readAgain.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {readAgain.isPending ? 'Reading...' : 'Read again'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
