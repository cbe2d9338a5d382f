import { Share2 } from 'lucide-react';
import type { Note } from '@snapnotes/contracts';
import { Button } from '../../components/ui/button.js';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.js';
import { logger } from '../../lib/logger.js';
import { toast } from '../../lib/toast.js';

type SharedFields = Pick<Note, 'title' | 'keyPoints' | 'detailedSummary'>;

/** The text a note is shared as: its title, key points and summary (not the original text). */
export function shareText(note: SharedFields): string {
  const points = note.keyPoints.map((point) => `• ${point}`).join('\n');
  return [note.title, points, note.detailedSummary.trim()].filter(Boolean).join('\n\n');
}

/** The same as Markdown: the title as a heading, the key points as a list, then the summary (already Markdown). */
export function shareMarkdown(note: SharedFields): string {
  const title = `# ${note.title.replace(/\s+/g, ' ').trim()}`;
  const points = note.keyPoints.map((point) => `- ${point.replace(/\s+/g, ' ').trim()}`).join('\n');
  return [title, points, note.detailedSummary.trim()].filter(Boolean).join('\n\n') + '\n';
}

/** True where the browser can hand text to the system's share sheet (phones, some desktops). */
export function canShareText(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** Sends the note to the system's share sheet (Web Share API); closing the sheet is not an error. */
export async function shareNote(note: Note): Promise<void> {
  try {
    await navigator.share({ title: note.title, text: shareText(note) });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'AbortError') return; // the user closed the share sheet
    logger.warn({ err: name || 'unknown' }, 'Share failed');
    toast({ variant: 'destructive', title: 'Share failed', description: 'Try Copy instead.' });
  }
}

export type ShareCopyKind = 'text' | 'markdown';

export const SHARE_COPY_LABELS: Record<ShareCopyKind, string> = {
  text: 'Copy as text',
  markdown: 'Copy as Markdown',
};

/** "Copy as text" / "Copy as Markdown": the shared note on the clipboard, for browsers without Web Share. */
export async function copySharedNote(note: Note, kind: ShareCopyKind): Promise<void> {
  try {
    await navigator.clipboard.writeText(kind === 'markdown' ? shareMarkdown(note) : shareText(note));
    toast({
      title: 'Copied to clipboard',
      description: kind === 'markdown' ? 'The note was copied as Markdown.' : 'The note was copied as text.',
    });
  } catch {
    toast({ variant: 'destructive', title: 'Copy failed', description: 'Your browser did not allow copying.' });
  }
}

/**
 * "Share" (issues 15, 23): sends the note to another app through the Web Share API where the browser has it;
 * elsewhere (most desktop browsers) a menu copies it, as text or as Markdown, to paste anywhere.
 */
export function ShareNote({ note }: { note: Note }) {
  const trigger = (
    <Button
      variant="ghost"
      size="sm"
      onClick={canShareText() ? () => void shareNote(note) : undefined}
      aria-label={`Share note: ${note.title}`}
    >
      <Share2 aria-hidden="true" />
      <span className="hidden sm:inline">Share</span>
    </Button>
  );
  if (canShareText()) return trigger;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="text-xs text-muted-foreground">Share</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {(Object.keys(SHARE_COPY_LABELS) as ShareCopyKind[]).map((kind) => (
          <DropdownMenuItem key={kind} onSelect={() => void copySharedNote(note, kind)}>
            {SHARE_COPY_LABELS[kind]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
