import { useEffect, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight, ImageOff, Loader2, ZoomIn, ZoomOut } from 'lucide-react';
import { noteImageUrl, noteThumbnailUrl } from '@snapnotes/contracts';
import { Button } from '../../components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog.js';
import { cn } from '../../lib/utils.js';
import { useImageUrl } from './image-blob.js';

/** "Screenshot 2 of 3": the alt text of a thumbnail and the viewer's title. */
export function screenshotLabel(index: number, count: number): string {
  return `Screenshot ${index + 1} of ${count}`;
}

interface ImageViewerProps {
  noteId: number;
  count: number;
  /** The image shown; null: the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** After the viewer closed (focus goes back to the thumbnail of the image shown last). */
  onClosed: () => void;
}

/**
 * A note's original images, one at a time (Radix Dialog): previous/next with the buttons or the arrow keys, Escape
 * or the close button closes. On a phone the image can be pinch-zoomed (touch-action: pinch-zoom; Radix lets pinch
 * zoom through its scroll lock), and the zoom button shows it at full size in a scrollable box: a focusable region
 * that pans to every edge by mouse (wheel, scrollbars), touch (a swipe) and keyboard (the arrow keys, while the box has
 * focus: they pan there instead of moving to another image). Offline, an original not saved on the device shows its
 * thumbnail, or says it is not available offline, instead of loading forever.
 */
export function ImageViewer({ noteId, count, index, onIndexChange, onClosed }: ImageViewerProps) {
  const [zoomed, setZoomed] = useState(false);
  const open = index !== null;
  const current = index ?? 0;
  const { src, failed, waitingForNetwork } = useImageUrl(noteImageUrl(noteId, current), open);
  // Offline, the original cannot come: the thumbnail, when it is saved on the device (it is never fetched here).
  const thumbnail = useImageUrl(noteThumbnailUrl(noteId, current), open && waitingForNetwork);
  const frameRef = useRef<HTMLDivElement>(null);
  const label = screenshotLabel(current, count);
  const go = (to: number) => {
    if (to < 0 || to >= count || to === current) return;
    setZoomed(false);
    onIndexChange(to);
  };
  // Full size: the box takes the focus, so the arrow keys pan at once (and a screen reader says what it is).
  const panning = zoomed && Boolean(src);
  useEffect(() => {
    if (panning) frameRef.current?.focus();
  }, [panning]);
  // On the window, not the dialog: focus may be on a button that the move disabled (the first or last image).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      // In the full-size image the arrow keys pan it (the browser scrolls the focused box).
      if (event.target instanceof Node && frameRef.current?.contains(event.target)) return;
      const to = event.key === 'ArrowLeft' ? current - 1 : event.key === 'ArrowRight' ? current + 1 : undefined;
      if (to === undefined) return;
      event.preventDefault();
      if (to < 0 || to >= count) return;
      setZoomed(false);
      onIndexChange(to);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, current, count, onIndexChange]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setZoomed(false);
          onIndexChange(null);
        }
      }}
    >
      <DialogContent
        className="flex max-h-[96vh] w-[calc(100%-1rem)] max-w-5xl flex-col gap-3 p-3 sm:p-4"
        onOpenAutoFocus={(event) => {
          // The dialog itself, not its first button (which the arrow keys may disable under the focus).
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <div className="pr-8">
          <DialogTitle className="text-base">{label}</DialogTitle>
          <DialogDescription className="sr-only">
            The original image. Use the left and right arrow keys to see the other screenshots of this note.
          </DialogDescription>
        </div>
        <div
          ref={frameRef}
          className={cn(
            'relative flex min-h-48 flex-1 rounded-md bg-muted',
            // Zoomed: the image sits at the start and centres itself with auto margins, which (unlike centring the
            // flex box) become 0 when it overflows, so every edge can be scrolled to. Panning by touch is allowed.
            panning
              ? 'touch-manipulation items-start justify-start overflow-auto focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none'
              : 'touch-pinch-zoom items-center justify-center overflow-hidden',
          )}
          data-testid="image-viewer-frame"
          {...(panning
            ? { tabIndex: 0, role: 'region', 'aria-label': `${label} at full size. Use the arrow keys to scroll.` }
            : {})}
        >
          {failed ? (
            <p className="m-auto flex items-center gap-2 p-6 text-sm text-muted-foreground">
              <ImageOff className="size-5" aria-hidden="true" />
              This image could not be loaded.
            </p>
          ) : src ? (
            <img
              src={src}
              alt={label}
              className={cn(
                'select-none',
                zoomed
                  ? 'm-auto max-w-none shrink-0 touch-manipulation'
                  : 'm-auto max-h-[75vh] max-w-full touch-pinch-zoom object-contain',
              )}
              draggable={false}
            />
          ) : waitingForNetwork ? (
            <OfflineImage label={label} thumbnail={thumbnail.src} />
          ) : (
            <Loader2
              className="m-auto size-6 animate-spin text-muted-foreground"
              role="status"
              aria-label="Loading image"
            />
          )}
        </div>
        <div className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => go(current - 1)}
            disabled={current <= 0}
            aria-label="Previous screenshot"
            className={count < 2 ? 'invisible' : undefined}
          >
            <ChevronLeft aria-hidden="true" />
            <span className="hidden sm:inline">Previous</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setZoomed((z) => !z)}
            aria-pressed={zoomed}
            aria-label={zoomed ? 'Fit to screen' : 'Show full size'}
            disabled={!src}
          >
            {zoomed ? <ZoomOut aria-hidden="true" /> : <ZoomIn aria-hidden="true" />}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => go(current + 1)}
            disabled={current >= count - 1}
            aria-label="Next screenshot"
            className={count < 2 ? 'invisible' : undefined}
          >
            <span className="hidden sm:inline">Next</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Offline, an original never opened on this device: its thumbnail when saved, and why the image is not there. */
function OfflineImage({ label, thumbnail }: { label: string; thumbnail: string | undefined }) {
  return (
    <div className="m-auto flex flex-col items-center gap-3 p-4 text-center">
      {thumbnail ? (
        <img src={thumbnail} alt={`${label} (small preview)`} className="max-h-[50vh] max-w-full rounded" />
      ) : (
        <ImageOff className="size-6 text-muted-foreground" aria-hidden="true" />
      )}
      <p role="status" className="text-sm text-muted-foreground">
        Not available offline. {thumbnail ? 'This is a small preview; the' : 'The'} full-size image shows when
        you&apos;re back online.
      </p>
    </div>
  );
}
