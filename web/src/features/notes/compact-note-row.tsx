import type { ReactNode } from 'react';
import type { Note } from '@snapnotes/contracts';
import { ChevronDown, Images } from 'lucide-react';
import { cn, formatDate } from '../../lib/utils.js';
import { NoteCard } from './note-card.js';

interface CompactNoteRowProps {
  note: Note;
  expanded: boolean;
  onToggle: () => void;
  /** Where a search matched, shown under the title. */
  children?: ReactNode;
}

/**
 * One note in the compact library view: its title, date, image count and first key point on one row; the row opens
 * the full card (actions, images, summary) in place, and closes it again.
 */
export function CompactNoteRow({ note, expanded, onToggle, children }: CompactNoteRowProps) {
  const created = formatDate(note.createdAt);
  const cardId = `compact-note-${note.id}`;
  return (
    <div className={cn('rounded-lg border bg-card', expanded && 'shadow-sm')}>
      <h3 className="text-sm">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-controls={expanded ? cardId : undefined}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{note.title}</span>
            {note.keyPoints[0] ? (
              <span className="block truncate text-xs text-muted-foreground">{note.keyPoints[0]}</span>
            ) : null}
          </span>
          <span className="flex shrink-0 items-center gap-2 text-xs text-muted-foreground">
            {note.imageCount ? (
              <span className="inline-flex items-center gap-0.5" aria-label={`${note.imageCount} images`}>
                <Images className="size-3.5" aria-hidden="true" />
                {note.imageCount}
              </span>
            ) : null}
            {created ? (
              <time dateTime={note.createdAt} className="hidden sm:inline">
                {created}
              </time>
            ) : null}
            <ChevronDown className={cn('size-4 transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
          </span>
        </button>
      </h3>
      {children && !expanded ? <div className="px-3 pb-2">{children}</div> : null}
      {expanded ? (
        <div id={cardId} className="border-t p-2">
          <NoteCard note={note}>{children}</NoteCard>
        </div>
      ) : null}
    </div>
  );
}
