import { Share2 } from 'lucide-react';
import type { Note } from '@snapnotes/contracts';
import { Button } from '../../components/ui/button.js';
import { logger } from '../../lib/logger.js';
import { toast } from '../../lib/toast.js';

/** The text a note is shared as: its title, key points and summary (not the original text). */
export function shareText(note: Pick<Note, 'title' | 'keyPoints' | 'detailedSummary'>): string {
  const points = note.keyPoints.map((point) => `• ${point}`).join('\n');
  return [note.title, points, note.detailedSummary.trim()].filter(Boolean).join('\n\n');
}

/** True where the browser can hand text to the system's share sheet (phones, some desktops). */
export function canShareText(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * "Share" (issue 15): sends the note to another app through the Web Share API. Shown only where the browser has
 * it; elsewhere the Copy menu does the same job.
 */
export function ShareNote({ note }: { note: Note }) {
  if (!canShareText()) return null;
  const share = async () => {
    const data = { title: note.title, text: shareText(note) };
    try {
      await navigator.share(data);
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'AbortError') return; // the user closed the share sheet
      logger.warn({ err: name || 'unknown' }, 'Share failed');
      toast({ variant: 'destructive', title: 'Share failed', description: 'Try Copy instead.' });
    }
  };
  return (
    <Button variant="ghost" size="sm" onClick={() => void share()} aria-label={`Share note: ${note.title}`}>
      <Share2 aria-hidden="true" />
      <span className="hidden sm:inline">Share</span>
    </Button>
  );
}
