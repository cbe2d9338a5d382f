import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Note } from '@snapnotes/contracts';
import { ChevronDown, Copy, FileText, Images, Loader2, Trash2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog.js';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardHeader } from '../../components/ui/card.js';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '../../components/ui/collapsible.js';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.js';
import { toast } from '../../lib/toast.js';
import { cn, formatDate } from '../../lib/utils.js';
import { useDeleteNote, useUpdateNoteTitle } from './api.js';
import { EditableTitle } from './editable-title.js';
import { NoteImages } from './note-images.js';
import { ReadAgain } from './read-again.js';
import { ShareNote } from './share-note.js';
import { copyText, looksLikeCode, type CopyKind } from './note-text.js';

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

function Section({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible open={open} onOpenChange={setOpen} className="rounded-md border">
      <CollapsibleTrigger className="flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm font-medium hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
        {title}
        <ChevronDown
          className={`size-4 text-muted-foreground transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      </CollapsibleTrigger>
      <CollapsibleContent className="border-t px-3 py-3 text-sm leading-relaxed">{children}</CollapsibleContent>
    </Collapsible>
  );
}

/** The extracted text with its line breaks and spacing; code and tables in a monospace font. */
function OriginalText({ text }: { text: string }) {
  const code = looksLikeCode(text);
  return (
    <pre
      data-layout={code ? 'code' : 'prose'}
      className={cn(
        'break-words whitespace-pre-wrap text-muted-foreground',
        code ? 'font-mono text-[0.8125rem] leading-relaxed [tab-size:4]' : 'font-sans',
      )}
    >
      {text}
    </pre>
  );
}

/** A summary as it is stored: paragraphs and line breaks kept. */
function PlainSummary({ text }: { text: string }) {
  return <p className="whitespace-pre-line">{text}</p>;
}

/**
 * The summary rendered as Markdown, its own chunk (the Markdown parser is not needed until a summary is opened): the
 * plain text shows while it loads, and stays if the chunk cannot be loaded.
 */
const SummaryMarkdown = lazy(() =>
  import('./summary-markdown.js').then(
    (m) => ({ default: m.SummaryMarkdown }),
    () => ({ default: PlainSummary }),
  ),
);

/** `children` (e.g. where a search matched) shows at the top of the card's content. */
export function NoteCard({ note, children }: { note: Note; children?: ReactNode }) {
  const deleteNote = useDeleteNote();
  const updateTitle = useUpdateNoteTitle();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const created = formatDate(note.createdAt);

  return (
    <Card className="gap-4">
      <CardHeader className="gap-2">
        <div className="flex items-start justify-between gap-2">
          <EditableTitle title={note.title} onSave={(title) => updateTitle.mutateAsync({ noteId: note.id, title })} />
          <div className="flex shrink-0 items-center gap-1">
            <ShareNote note={note} />
            <ReadAgain note={note} />
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="sm" aria-label={`Copy from note: ${note.title}`}>
                  <Copy aria-hidden="true" />
                  <span className="hidden sm:inline">Copy</span>
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuLabel className="text-xs text-muted-foreground">Copy to clipboard</DropdownMenuLabel>
                <DropdownMenuSeparator />
                {(Object.keys(COPY_LABELS) as CopyKind[]).map((kind) => (
                  <DropdownMenuItem key={kind} onSelect={() => void copyToClipboard(note, kind)}>
                    {COPY_LABELS[kind]}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>

            <AlertDialog open={confirmOpen} onOpenChange={(open) => !deleteNote.isPending && setConfirmOpen(open)}>
              <AlertDialogTrigger asChild>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="text-muted-foreground hover:text-destructive"
                  aria-label={`Delete note: ${note.title}`}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
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
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {created ? <time dateTime={note.createdAt}>{created}</time> : null}
          {note.imageCount ? (
            <span className="inline-flex items-center gap-1">
              <Images className="size-3.5" aria-hidden="true" />
              {note.imageCount} {note.imageCount === 1 ? 'image' : 'images'}
            </span>
          ) : null}
          {note.kind === 'description' ? (
            <Badge variant="secondary">
              <FileText aria-hidden="true" />
              Image description
            </Badge>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {children}
        <NoteImages note={note} />
        {note.keyPoints.length > 0 ? (
          <div>
            <h4 className="mb-2 text-sm font-medium">Key Points</h4>
            <ul className="list-disc space-y-1 pl-5 text-sm leading-relaxed">
              {note.keyPoints.map((point, index) => (
                <li key={index}>{point}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="space-y-2">
          <Section title="Detailed Summary">
            <Suspense fallback={<PlainSummary text={note.detailedSummary} />}>
              <SummaryMarkdown text={note.detailedSummary} />
            </Suspense>
          </Section>
          <Section title="Original Text">
            {note.originalText.trim() ? (
              <OriginalText text={note.originalText} />
            ) : (
              <p className="text-muted-foreground italic">
                {note.kind === 'description'
                  ? 'No text was found in the image, so it was described instead.'
                  : 'No text was extracted.'}
              </p>
            )}
          </Section>
        </div>
      </CardContent>
    </Card>
  );
}
