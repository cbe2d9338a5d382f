import { useEffect, useRef, useState } from 'react';
import { ImageOff } from 'lucide-react';
import { noteThumbnailUrl, type Note } from '@snapnotes/contracts';
import { Skeleton } from '../../components/ui/skeleton.js';
import { cn } from '../../lib/utils.js';
import { useImageUrl } from './image-blob.js';
import { ImageViewer, screenshotLabel } from './image-viewer.js';

/** True once the element has come near the viewport (then stays true): thumbnails load lazily. */
function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

function Thumbnail({ noteId, index, count, load }: { noteId: number; index: number; count: number; load: boolean }) {
  const { src, failed, waitingForNetwork } = useImageUrl(noteThumbnailUrl(noteId, index), load);
  const alt = screenshotLabel(index, count);
  if (failed || waitingForNetwork) {
    return (
      <span
        className="flex size-full items-center justify-center text-muted-foreground"
        role="img"
        aria-label={waitingForNetwork ? `${alt} (not available offline)` : alt}
      >
        <ImageOff className="size-5" aria-hidden="true" />
      </span>
    );
  }
  // Pulses only while loading: a card far off screen waits still (an endless animation there is wasted work).
  if (!src) return <Skeleton className={cn('size-full rounded-none', !load && 'animate-none')} aria-hidden="true" />;
  return <img src={src} alt={alt} className="size-full object-cover" decoding="async" draggable={false} />;
}

/** A note's screenshots as a row of thumbnails; one opens the viewer (image-viewer.tsx). */
export function NoteImages({ note }: { note: Note }) {
  const count = note.imageCount ?? 0;
  const [rowRef, near] = useNearViewport<HTMLDivElement>();
  const [open, setOpen] = useState<number | null>(null);
  // The image the viewer showed last: focus goes back to its thumbnail when the viewer closes.
  const [last, setLast] = useState(0);
  const show = (index: number | null) => {
    setOpen(index);
    if (index !== null) setLast(index);
  };
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  if (count < 1) return null;
  return (
    <>
      <div ref={rowRef} role="group" className="flex flex-wrap gap-2" aria-label={`Screenshots of note: ${note.title}`}>
        {Array.from({ length: count }, (_, index) => (
          <button
            key={index}
            type="button"
            ref={(el) => {
              buttons.current[index] = el;
            }}
            onClick={() => show(index)}
            className="block size-16 overflow-hidden rounded-md border bg-muted hover:ring-2 hover:ring-ring/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none sm:size-20"
            aria-label={`View ${screenshotLabel(index, count).toLowerCase()}`}
          >
            <Thumbnail noteId={note.id} index={index} count={count} load={near} />
          </button>
        ))}
      </div>
      <ImageViewer
        noteId={note.id}
        count={count}
        index={open}
        onIndexChange={show}
        onClosed={() => buttons.current[last]?.focus()}
      />
    </>
  );
}
