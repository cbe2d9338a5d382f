import { useRef, useState } from 'react';
import type { Note } from '@snapnotes/contracts';
import { Copy, Ellipsis, Loader2, RefreshCw, Share2, Trash2 } from 'lucide-react';
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
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.js';
import { toast } from '../../lib/toast.js';
import { useDeleteNote, useReadAgain } from './api.js';
import { copyText, type CopyKind } from './note-text.js';
import { ReadAgainButton, ReadAgainDialog } from './read-again.js';
import {
  canShareText,
  copySharedNote,
  SHARE_COPY_LABELS,
  ShareNote,
  shareNote,
  type ShareCopyKind,
} from './share-note.js';

const COPY_LABELS: Record<CopyKind, string> = {
  keyIdeas: 'Key Ideas',
  detailed: 'Detailed',
  original: 'Original',
};

async function copyToClipboard(note: Note, kind: CopyKind): Promise<void> {
  try {
    await navigator.clipboard.writeText(copyText(note, kind));
    toast({ title: 'Copied to clipboard', description: `${COPY_LABELS[kind]} copied.` });
  } catch {
    toast({ variant: 'destructive', title: 'Copy failed', description: 'Your browser did not allow copying.' });
  }
}

function CopyItems({ note }: { note: Note }) {
  return (
    <>
      <DropdownMenuLabel className="text-xs text-muted-foreground">Copy to clipboard</DropdownMenuLabel>
      <DropdownMenuSeparator />
      {(Object.keys(COPY_LABELS) as CopyKind[]).map((kind) => (
        <DropdownMenuItem key={kind} onSelect={() => void copyToClipboard(note, kind)}>
          {COPY_LABELS[kind]}
        </DropdownMenuItem>
      ))}
    </>
  );
}

/** The visible one of two elements (the wide screens' button or the phone's menu): focus goes back to it. */
function focusVisible(...elements: Array<HTMLElement | null>): void {
  elements.find((element) => element && element.getClientRects().length > 0)?.focus();
}

/**
 * A note card's actions: Share, Read again, Copy and Delete. From the `sm` breakpoint up they are buttons beside the
 * title; on a phone they are one "⋯" menu (Radix dropdown), so the title keeps the card's width and wraps between
 * words (issue 23). Both are in the page and CSS shows one: no resize listener, and the dialogs are shared.
 */
export function NoteActions({ note }: { note: Note }) {
  const deleteNote = useDeleteNote();
  const readAgain = useReadAgain(note.id);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [readAgainOpen, setReadAgainOpen] = useState(false);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const readAgainRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <div className="hidden shrink-0 items-center gap-1 sm:flex">
        <ShareNote note={note} />
        <ReadAgainButton ref={readAgainRef} note={note} readAgain={readAgain} onOpen={() => setReadAgainOpen(true)} />
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="sm" aria-label={`Copy from note: ${note.title}`}>
              <Copy aria-hidden="true" />
              <span className="hidden sm:inline">Copy</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <CopyItems note={note} />
          </DropdownMenuContent>
        </DropdownMenu>
        <Button
          ref={deleteRef}
          variant="ghost"
          size="icon-sm"
          className="text-muted-foreground hover:text-destructive"
          aria-label={`Delete note: ${note.title}`}
          onClick={() => setConfirmOpen(true)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>

      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={menuRef}
            variant="ghost"
            size="icon-sm"
            className="shrink-0 sm:hidden"
            aria-label={`Actions for note: ${note.title}`}
          >
            {readAgain.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {readAgain.isPending ? null : <Ellipsis aria-hidden="true" />}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-48">
          {canShareText() ? (
            <DropdownMenuItem onSelect={() => void shareNote(note)}>
              <Share2 aria-hidden="true" />
              Share
            </DropdownMenuItem>
          ) : (
            (Object.keys(SHARE_COPY_LABELS) as ShareCopyKind[]).map((kind) => (
              <DropdownMenuItem key={kind} onSelect={() => void copySharedNote(note, kind)}>
                {kind === 'text' ? <Share2 aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {SHARE_COPY_LABELS[kind]}
              </DropdownMenuItem>
            ))
          )}
          <DropdownMenuItem disabled={readAgain.isPending} onSelect={() => setReadAgainOpen(true)}>
            <RefreshCw aria-hidden="true" />
            {readAgain.isPending ? 'Reading...' : 'Read again'}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <CopyItems note={note} />
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirmOpen(true)}>
            <Trash2 aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <ReadAgainDialog
        note={note}
        readAgain={readAgain}
        open={readAgainOpen}
        onOpenChange={setReadAgainOpen}
        onClosed={() => focusVisible(readAgainRef.current, menuRef.current)}
      />
      <AlertDialog open={confirmOpen} onOpenChange={(open) => !deleteNote.isPending && setConfirmOpen(open)}>
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            focusVisible(deleteRef.current, menuRef.current);
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this note?</AlertDialogTitle>
            <AlertDialogDescription>
              “{note.title}” will be permanently deleted. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleteNote.isPending}>Cancel</AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={deleteNote.isPending}
              onClick={() =>
                deleteNote.mutate(note.id, {
                  onSettled: () => setConfirmOpen(false),
                })
              }
            >
              {deleteNote.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {deleteNote.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
