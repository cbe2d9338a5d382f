/** The items of an import the user may want to act on: the failures and skips with their reasons, the duplicates. */
import { useId, type MouseEvent } from 'react';
import type { ImportItem } from '@snapnotes/contracts';
import { revealNote } from '../../lib/reveal-note.js';
import { toast } from '../../lib/toast.js';
import { TEXTS } from './texts.js';

/** How long a note named by the tray is looked for in the list before the user is told to search for it. */
const REVEAL_WAIT_MS = 1500;

/**
 * A link to a note of the user's. The app has one notes screen (/app) and no page per note, so the link scrolls the
 * note into view there and focuses it; a note not on screen (the list is loaded a page at a time) is named in a toast
 * to search for.
 */
export function NoteLink({ noteId, title }: { noteId: string; title: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!/^\d+$/.test(noteId)) return;
    event.preventDefault();
    void revealNote(noteId, { waitMs: REVEAL_WAIT_MS }).then((found) => {
      if (!found) toast({ title: TEXTS.duplicateHeading, description: TEXTS.noteFurtherDown(title) });
    });
  };
  return (
    <a
      href={`/app#note-${encodeURIComponent(noteId)}`}
      onClick={onClick}
      className="font-medium break-words text-brand underline underline-offset-2 hover:no-underline"
    >
      {title}
    </a>
  );
}

function ItemLine({ item }: { item: ImportItem }) {
  if (item.status === 'duplicate') {
    return (
      <>
        <span className="block text-muted-foreground break-all">{item.name}</span>
        <span className="block">
          {TEXTS.alreadyInNotes}{' '}
          {item.noteId && item.title ? <NoteLink noteId={item.noteId} title={item.title} /> : (item.title ?? '')}
        </span>
      </>
    );
  }
  return (
    <>
      <span className="block font-medium break-all">{item.name}</span>
      {item.error ? <span className="block text-muted-foreground">{item.error.message}</span> : null}
    </>
  );
}

/**
 * One group ("Failed", "Skipped", "Already in your notes") as a labelled list. A long list scrolls inside the tray;
 * the scrolling box is a Tab stop so a keyboard user can scroll it too.
 */
export function ItemGroup({ heading, items }: { heading: string; items: ImportItem[] }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <div className="space-y-1">
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {heading} ({items.length})
      </h3>
      <ul
        aria-labelledby={headingId}
        tabIndex={items.length > 4 ? 0 : undefined}
        className="max-h-40 space-y-1.5 overflow-y-auto rounded-md border bg-muted/40 p-2 text-sm focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        {items.map((item) => (
          <li key={item.index} data-status={item.status}>
            <ItemLine item={item} />
          </li>
        ))}
      </ul>
    </div>
  );
}
