/**
 * A note scrolled into view and focused: the new note after an upload (issue 23), a note an import names (issue 25).
 * On a phone the notes list starts below the fold, and a keyboard user's focus was on a button the upload card hides,
 * so it would otherwise fall to the page.
 * The notes list marks each card's row with `data-note-id`; the row appears once the list has been refetched.
 */
const WAIT_MS = 10_000;

function noteElement(noteId: number | string, root: ParentNode = document): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[data-note-id="${noteId}"]`);
}

/** Waits (up to 10 s) for the note's row, then scrolls it to the top of the view and focuses it. */
export function revealNote(noteId: number | string, { waitMs = WAIT_MS }: { waitMs?: number } = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const reveal = (element: HTMLElement) => {
      if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
      const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      element.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
      element.focus({ preventScroll: true });
      resolve(true);
    };
    const found = noteElement(noteId);
    if (found) return reveal(found);
    const observer = new MutationObserver(() => {
      const element = noteElement(noteId);
      if (!element) return;
      stop();
      reveal(element);
    });
    const timer = setTimeout(() => (stop(), resolve(false)), waitMs);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-note-id'],
    });
  });
}
