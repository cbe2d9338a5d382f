import { useId, useState, type ReactNode } from 'react';
import { FileSearch, NotebookText, RefreshCw, Search } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { useAuth } from '../../lib/auth.js';
import { isStandInUser } from '../../lib/server-user.js';
import { useNotes } from '../../lib/user-data.js';
import { NoteCard } from './note-card.js';
import { filterNotes } from './note-text.js';

function EmptyState({ icon: Icon, title, text }: { icon: typeof NotebookText; title: string; text?: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted">
        <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
      </span>
      <p className="font-medium">{title}</p>
      {text ? <p className="text-sm text-muted-foreground">{text}</p> : null}
    </div>
  );
}

/** 'Your Notes': search plus the note cards (SPEC §2). */
export function NotesList() {
  const { user } = useAuth();
  const notesQuery = useNotes(user?.id);
  const [query, setQuery] = useState('');
  const headingId = useId();
  const notes = notesQuery.data ?? [];
  const visible = filterNotes(notes, query);
  const limited = isStandInUser(user);

  let body: ReactNode;
  if (limited) {
    body = (
      <EmptyState icon={NotebookText} title="No notes yet" text="Notes are unavailable while the server is offline." />
    );
  } else if (notesQuery.isPending) {
    body = (
      <div className="space-y-4" aria-label="Loading notes" role="status">
        {[0, 1].map((i) => (
          <div key={i} className="space-y-3 rounded-xl border p-5">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </div>
        ))}
      </div>
    );
  } else if (notesQuery.isError) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>Could not load your notes</AlertTitle>
        <AlertDescription>
          <p>Please check your connection and try again.</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void notesQuery.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (notes.length === 0) {
    body = <EmptyState icon={NotebookText} title="No notes yet" text="Upload screenshots to create your first note" />;
  } else if (visible.length === 0) {
    body = <EmptyState icon={FileSearch} title="No notes match your search" />;
  } else {
    body = (
      <ul className="space-y-4" aria-labelledby={headingId}>
        {visible.map((note) => (
          <li key={note.id}>
            <NoteCard note={note} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-baseline gap-2">
          <h2 id={headingId} className="text-xl font-semibold tracking-tight">
            Your Notes
          </h2>
          {notes.length > 0 ? (
            <span className="text-sm text-muted-foreground">
              {notes.length} {notes.length === 1 ? 'note' : 'notes'}
            </span>
          ) : null}
        </div>
        <div className="relative w-full sm:w-72">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search notes..."
            aria-label="Search notes"
            className="pl-9"
          />
        </div>
      </div>
      {body}
    </section>
  );
}
