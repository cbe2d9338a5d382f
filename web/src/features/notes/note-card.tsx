import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Note } from '@snapnotes/contracts';
import { ChevronDown, FileText, Images } from 'lucide-react';
import { Badge } from '../../components/ui/badge.js';
import { Card, CardContent, CardHeader } from '../../components/ui/card.js';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '../../components/ui/collapsible.js';
import { cn, formatDate } from '../../lib/utils.js';
import { useUpdateNoteTitle } from './api.js';
import { EditableTitle } from './editable-title.js';
import { NoteActions } from './note-actions.js';
import { NoteImages } from './note-images.js';
import { NoteTags } from './note-tags.js';
import { looksLikeCode } from './note-text.js';

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
  const updateTitle = useUpdateNoteTitle();
  const created = formatDate(note.createdAt);

  return (
    <Card className="gap-4">
      <CardHeader className="gap-2">
        <div className="flex items-start justify-between gap-2">
          <EditableTitle
            title={note.title}
            draftKey={String(note.id)}
            onSave={(title) => updateTitle.mutateAsync({ noteId: note.id, title })}
          />
          <NoteActions note={note} />
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
        <NoteTags note={note} />
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
