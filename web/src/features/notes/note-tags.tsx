import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Loader2, Pencil, Tag } from 'lucide-react';
import { checkNoteTags, type Note } from '@snapnotes/contracts';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { useUpdateNoteTags } from './api.js';

/** The note's tags as one line of text, comma-separated, as the field edits them. */
const asText = (tags: readonly string[]) => tags.join(', ');

/**
 * A note's tags (issue 25): each a link that filters the library by it, and "Edit tags": one field, tags separated
 * by commas, checked as the server checks them (lower case, no duplicates, at most 12), saved with Enter or "Save",
 * Escape cancels. Notes saved on this device before tags existed show none.
 */
export function NoteTags({ note }: { note: Note }) {
  const tags: readonly string[] = Array.isArray(note.tags) ? note.tags : [];
  const update = useUpdateNoteTags();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const hintId = useId();

  const open = () => {
    setDraft(asText(tags));
    setProblem(null);
    setEditing(true);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkNoteTags(draft.split(',').filter((t) => t.trim() !== ''));
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    try {
      await update.mutateAsync({ noteId: note.id, tags: checked.tags });
      setEditing(false);
    } catch {
      // The toast says why; the field keeps what was typed.
    }
  };

  if (editing) {
    return (
      <form onSubmit={(event) => void save(event)} className="flex flex-wrap items-center gap-2">
        <label htmlFor={fieldId} className="sr-only">
          Tags, separated by commas
        </label>
        <Input
          id={fieldId}
          autoFocus
          value={draft}
          disabled={update.isPending}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setEditing(false);
          }}
          placeholder="travel, japan, budget"
          aria-describedby={hintId}
          aria-invalid={problem !== null}
          className="h-8 min-w-0 flex-1 text-sm"
        />
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Save tags
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
          Cancel
        </Button>
        <p
          id={hintId}
          className={problem ? 'w-full text-xs text-destructive' : 'sr-only'}
          role={problem ? 'alert' : undefined}
        >
          {problem ?? 'Separate tags with commas.'}
        </p>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <Tag className="size-3.5 text-muted-foreground" aria-hidden="true" />
      {tags.length > 0 ? (
        <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag}>
              <Link
                to={`/app?${new URLSearchParams({ tag }).toString()}`}
                className="inline-flex h-6 items-center rounded-full bg-secondary px-2 text-xs text-secondary-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                aria-label={`Show notes tagged ${tag}`}
              >
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-xs text-muted-foreground">No tags</span>
      )}
      <Button type="button" variant="ghost" size="sm" className="h-6 px-1.5 text-xs" onClick={open}>
        <Pencil aria-hidden="true" />
        Edit tags
      </Button>
    </div>
  );
}
