import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Loader2, Pencil } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { decideTitleSave } from './note-text.js';

export interface EditableTitleProps {
  title: string;
  /** Saves a new (trimmed, changed, non-empty) title; rejects on failure. */
  onSave: (title: string) => Promise<unknown>;
  headingLevel?: 'h3' | 'h4';
}

/**
 * Note title with edit mode (SPEC §4): pencil to edit; Enter or blur saves; Escape cancels and restores;
 * an empty title reverts; an unchanged title makes no call; the input is disabled while saving.
 */
export function EditableTitle({ title, onSave, headingLevel: Heading = 'h3' }: EditableTitleProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const [saving, setSaving] = useState(false);
  /** Set when Escape or a save ends editing, so the blur that follows does nothing. */
  const settledRef = useRef(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  /** Set when editing ends: the pencil takes the focus once it is rendered again. */
  const [returnFocus, setReturnFocus] = useState(false);

  // Give focus back to the pencil so keyboard users keep their place. An effect runs after the render that brings
  // the pencil back, whatever the machine's load (a timer or an animation frame could come before it or late).
  useEffect(() => {
    if (editing || !returnFocus) return;
    editButtonRef.current?.focus();
    setReturnFocus(false);
  }, [editing, returnFocus]);

  const startEditing = () => {
    settledRef.current = false;
    setDraft(title);
    setEditing(true);
  };

  const finish = () => {
    setEditing(false);
    setReturnFocus(true);
  };

  const commit = async () => {
    if (settledRef.current || saving) return;
    const decision = decideTitleSave(title, draft);
    if (decision.action !== 'save') {
      settledRef.current = true;
      setDraft(title);
      finish();
      return;
    }
    settledRef.current = true;
    setSaving(true);
    try {
      await onSave(decision.title);
      setDraft(decision.title);
    } catch {
      // The mutation shows the 'Update failed' toast; the old title stays.
      setDraft(title);
    } finally {
      setSaving(false);
      finish();
    }
  };

  const cancel = () => {
    settledRef.current = true;
    setDraft(title);
    finish();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  if (editing) {
    return (
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <Input
          autoFocus
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => void commit()}
          disabled={saving}
          maxLength={200}
          aria-label="Note title"
          className="h-9 text-base font-semibold"
        />
        {saving ? <Loader2 className="size-4 shrink-0 animate-spin text-muted-foreground" aria-label="Saving" /> : null}
      </div>
    );
  }

  return (
    <div className="flex min-w-0 flex-1 items-start gap-1">
      <Heading className="min-w-0 text-lg leading-snug font-semibold break-words">{title}</Heading>
      <Button
        ref={editButtonRef}
        variant="ghost"
        size="icon-sm"
        className="shrink-0 text-muted-foreground"
        onClick={startEditing}
        aria-label={`Edit title: ${title}`}
      >
        <Pencil aria-hidden="true" />
      </Button>
    </div>
  );
}
