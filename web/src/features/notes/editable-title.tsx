import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Loader2, Pencil } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { OfflineReason } from '../../components/offline-reason.js';
import { TITLE_DRAFT_PREFIX } from '../../lib/constants.js';
import { useOnline } from '../../lib/use-online.js';
import { decideTitleSave } from './note-text.js';

/** Why the pencil does nothing offline, and what an open field says when its save needs the connection. */
const RENAME_OFFLINE = "You're offline: renaming needs a connection.";
const RENAME_OFFLINE_EDITING = `${RENAME_OFFLINE} Your new title stays here; press Enter once you're back online.`;

/* A title being typed is kept in this tab only (sessionStorage), and wiped at sign-out with the offline cache. */

function readDraft(key: string | undefined): string | null {
  if (!key) return null;
  try {
    return sessionStorage.getItem(TITLE_DRAFT_PREFIX + key);
  } catch {
    return null;
  }
}

function writeDraft(key: string | undefined, value: string | null): void {
  if (!key) return;
  try {
    if (value === null) sessionStorage.removeItem(TITLE_DRAFT_PREFIX + key);
    else sessionStorage.setItem(TITLE_DRAFT_PREFIX + key, value);
  } catch {
    // Storage full or blocked: the field still holds the text while the page is open.
  }
}

export interface EditableTitleProps {
  title: string;
  /**
   * Names the note: a title being typed is kept under it for this tab, so one typed offline (or left unsaved) is
   * still there, in the open field, after the user leaves the page and comes back.
   */
  draftKey?: string;
  /** Saves a new (trimmed, changed, non-empty) title; rejects on failure. */
  onSave: (title: string) => Promise<unknown>;
  headingLevel?: 'h3' | 'h4';
}

/**
 * Note title with edit mode (SPEC §4): pencil to edit; Enter or blur saves; Escape cancels and restores;
 * an empty title reverts; an unchanged title makes no call; the input is disabled while saving.
 *
 * Offline (issue 23) renaming needs a connection: the pencil says so instead of opening the field, and a field open
 * when the connection goes (or a save that fails with it) stays open with what was typed and the reason; Enter
 * saves it once the browser is online again; leaving the page keeps it too (`draftKey`). Nothing typed is thrown
 * away.
 */
export function EditableTitle({ title, draftKey, onSave, headingLevel: Heading = 'h3' }: EditableTitleProps) {
  const titleId = useId();
  // A title typed here before and not saved (e.g. offline, then the page was left) opens again as it was.
  const [kept] = useState(() => {
    const stored = readDraft(draftKey);
    return stored !== null && stored !== title ? stored : null;
  });
  const [editing, setEditing] = useState(kept !== null);
  const [draft, setDraft] = useState(kept ?? title);
  const [saving, setSaving] = useState(false);
  /** Set when Escape or a save ends editing, so the blur that follows does nothing. */
  const settledRef = useRef(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  /** Set when editing ends: the pencil takes the focus once it is rendered again. */
  const [returnFocus, setReturnFocus] = useState(false);
  const online = useOnline();
  /** A save was refused for want of a connection: the field stays open and says why. */
  const [needsConnection, setNeedsConnection] = useState(false);

  // Give focus back to the pencil so keyboard users keep their place. An effect runs after the render that brings
  // the pencil back, whatever the machine's load (a timer or an animation frame could come before it or late).
  useEffect(() => {
    if (editing || !returnFocus) return;
    editButtonRef.current?.focus();
    setReturnFocus(false);
  }, [editing, returnFocus]);

  const startEditing = () => {
    if (!navigator.onLine) {
      // Said beside the title (a toast may not show: its code loads with the first toast, which needs the network).
      setNeedsConnection(true);
      return;
    }
    setNeedsConnection(false);
    settledRef.current = false;
    setDraft(title);
    setEditing(true);
  };

  // Kept while the field is open with something other than the title; dropped once saved or cancelled.
  useEffect(() => {
    writeDraft(draftKey, editing && draft !== title ? draft : null);
  }, [draftKey, editing, draft, title]);

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
    if (!navigator.onLine) {
      // Kept as typed, in the open field: saved with Enter once back online.
      setNeedsConnection(true);
      return;
    }
    settledRef.current = true;
    setSaving(true);
    try {
      await onSave(decision.title);
      setDraft(decision.title);
      setNeedsConnection(false);
      finish();
    } catch {
      if (!navigator.onLine) {
        // The connection went during the save: what was typed stays in the field.
        settledRef.current = false;
        setNeedsConnection(true);
      } else {
        // The mutation shows the 'Update failed' toast; the old title stays.
        setDraft(title);
        finish();
      }
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    setNeedsConnection(false);
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

  const showReason = needsConnection && !online;
  const reasonId = `title-offline-${titleId}`;

  if (editing) {
    return (
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex min-w-0 items-center gap-2">
          <Input
            autoFocus
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => void commit()}
            disabled={saving}
            maxLength={200}
            aria-label="Note title"
            aria-describedby={showReason ? reasonId : undefined}
            className="h-9 text-base font-semibold"
          />
          {saving ? (
            <Loader2 className="size-4 shrink-0 animate-spin text-muted-foreground" aria-label="Saving" />
          ) : null}
        </div>
        {showReason ? (
          <div role="status">
            <OfflineReason id={reasonId} className="text-xs">
              {RENAME_OFFLINE_EDITING}
            </OfflineReason>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <div className="flex min-w-0 items-start gap-1">
        <Heading className="min-w-0 text-lg leading-snug font-semibold break-words">{title}</Heading>
        <Button
          ref={editButtonRef}
          variant="ghost"
          size="icon-sm"
          className="shrink-0 text-muted-foreground aria-disabled:opacity-50"
          onClick={startEditing}
          aria-label={`Edit title: ${title}`}
          aria-disabled={online ? undefined : true}
          aria-describedby={showReason ? reasonId : undefined}
          title={online ? undefined : RENAME_OFFLINE}
        >
          <Pencil aria-hidden="true" />
        </Button>
      </div>
      {showReason ? (
        <div role="status">
          <OfflineReason id={reasonId} className="text-xs">
            {RENAME_OFFLINE}
          </OfflineReason>
        </div>
      ) : null}
    </div>
  );
}
