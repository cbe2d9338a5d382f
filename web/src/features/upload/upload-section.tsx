import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Camera, ChevronUp, ImageUp, Library } from 'lucide-react';
import { MAX_FILES_PER_UPLOAD } from '@snapnotes/contracts';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { OfflineReason } from '../../components/offline-reason.js';
import { OFFLINE_REASONS } from '../../lib/offline-reasons.js';
import { useOnline } from '../../lib/use-online.js';
import { isStandInUser, useAuth } from '../../lib/session.js';
import { useNotesPages } from '../../lib/user-data.js';
import { cn } from '../../lib/utils.js';
import { imagesFromClipboard } from './files.js';
import { DuplicateNotice } from './duplicate-notice.js';
import { SharedImagesDialog } from './shared-images-dialog.js';
import { CompactUploadBar, FailureAlert, ProgressLine, QuotaLine } from './upload-parts.js';
import { useSharedFiles } from './use-shared-files.js';
import { useUpload } from './use-upload.js';

const ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

/** Upload section of /app (SPEC §2, §4, §5, §8): drop, browse or paste images to create a note. */
export interface UploadSectionProps {
  /**
   * The plans, shown when an upload needs a subscription or the user asks for them (the subscription feature's
   * panel, handed in by the page: features do not import each other).
   */
  renderUpgrade: (panel: { title: string; description: string; onDismiss: () => void }) => ReactNode;
  /**
   * Bulk import (the import feature, handed in by the page): its "Import many" button beside Browse Files, and where
   * more than 10 files (dropped, chosen or shared) can go instead, each image its own note (issue 25).
   */
  bulkImport?: {
    entry: (props: { disabled: boolean; describedBy: string | undefined }) => ReactNode;
    start: (files: File[]) => void;
  };
}

export function UploadSection({ renderUpgrade, bulkImport }: UploadSectionProps) {
  const { user } = useAuth();
  const inputRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const headingId = useId();
  const hintId = useId();
  const offlineId = useId();
  // Offline, uploading is turned off with the reason beside it (issue 23); a paste or a drop still says so.
  const online = useOnline();

  const clearInputs = useCallback(() => {
    for (const input of [inputRef.current, cameraRef.current]) if (input) input.value = '';
  }, []);
  const {
    upload: uploadNow,
    progress,
    failure,
    duplicate,
    dismissFailure,
    showUpgrade,
    setShowUpgrade,
  } = useUpload(clearInputs);
  // More than 10 files: refused as SPEC §5 says, and offered to the import when the page has one.
  const [manyFiles, setManyFiles] = useState<File[] | null>(null);
  const upload = useCallback(
    (files: File[]) => {
      setManyFiles(files.length > MAX_FILES_PER_UPLOAD ? files : null);
      return uploadNow(files);
    },
    [uploadNow],
  );
  // Shares are offered to the account signed in, once the server knows it (not the stand-in user).
  const sharePrompt = useSharedFiles(upload, user && !isStandInUser(user) ? user.firebaseUid : null, bulkImport?.start);

  // Paste an image anywhere on the page (Ctrl/Cmd+V) to upload it.
  const uploadRef = useRef(upload);
  useEffect(() => {
    uploadRef.current = upload;
  }, [upload]);
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const images = imagesFromClipboard(event.clipboardData);
      if (images.length === 0) return;
      event.preventDefault();
      void uploadRef.current(images);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, []);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (progress.busy) return;
    void upload(Array.from(event.dataTransfer.files));
  };

  const busy = progress.busy;
  const blocked = busy || !online;
  const describedBy = online ? undefined : offlineId;
  // Folded to one "Upload more" line once the user has notes (issue 23); open while an upload runs or has
  // something to say, and folded again by the next success.
  const hasNotes = (useNotesPages(user?.id).data?.pages[0]?.items.length ?? 0) > 0;
  const [expanded, setExpanded] = useState(false);
  const running = progress.phase === 'preparing' || progress.phase === 'processing';
  useEffect(() => {
    if (progress.phase === 'success') setExpanded(false);
  }, [progress.phase]);
  const collapsed = hasNotes && !expanded && !running && !failure && !duplicate && !showUpgrade;
  const browseRef = useRef<HTMLButtonElement>(null);
  const compactRef = useRef<HTMLDivElement>(null);
  // The button pressed is hidden by the change: focus goes to the other state's first button, not to the page.
  const expand = () => {
    setExpanded(true);
    requestAnimationFrame(() => browseRef.current?.focus());
  };
  const fold = () => {
    setExpanded(false);
    requestAnimationFrame(() => compactRef.current?.querySelector<HTMLElement>('[aria-expanded]')?.focus());
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      {collapsed ? (
        <div ref={compactRef}>
          <CompactUploadBar
            progress={progress}
            blocked={blocked}
            describedBy={describedBy}
            onBrowse={() => inputRef.current?.click()}
            onCamera={() => cameraRef.current?.click()}
            onExpand={expand}
            onUpgrade={() => setShowUpgrade(true)}
            onDrop={onDrop}
            extra={bulkImport?.entry({ disabled: blocked, describedBy })}
          />
        </div>
      ) : null}
      <Card hidden={collapsed}>
        <CardHeader>
          <div className="flex items-start justify-between gap-2">
            <CardTitle id={headingId} className="text-lg">
              Upload Screenshots
            </CardTitle>
            {hasNotes && !running && !failure && !showUpgrade ? (
              <Button variant="ghost" size="sm" className="-my-1" onClick={fold} aria-expanded={true}>
                <ChevronUp aria-hidden="true" />
                Fold
              </Button>
            ) : null}
          </div>
          <CardDescription id={hintId}>
            PNG, JPG or JPEG, up to 10 images at once. They become one note.
            {/* Touch screens have no drag and drop or Ctrl+V: the tip is for mouse and keyboard users. */}
            <span className="pointer-coarse:hidden"> Tip: paste a screenshot with Ctrl+V (⌘V on Mac).</span>
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {collapsed ? null : <QuotaLine onUpgrade={() => setShowUpgrade(true)} />}
          <div
            onDragOver={(event) => {
              event.preventDefault();
              if (!busy) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-dragging={dragging || undefined}
            className={cn(
              'flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-4 py-10 text-center transition-colors',
              dragging ? 'border-brand bg-brand/5' : 'border-border',
            )}
          >
            <span className="flex size-12 items-center justify-center rounded-full bg-muted">
              <ImageUp className="size-6 text-muted-foreground" aria-hidden="true" />
            </span>
            <div className="space-y-1 pointer-coarse:hidden">
              <p className="font-medium">Drag and drop images here</p>
              <p className="text-sm text-muted-foreground">or</p>
            </div>
            <p className="hidden font-medium pointer-coarse:block">Choose screenshots or photos</p>
            <div className="flex flex-wrap justify-center gap-2">
              <Button
                ref={browseRef}
                onClick={() => inputRef.current?.click()}
                disabled={blocked}
                aria-describedby={describedBy}
              >
                Browse Files
              </Button>
              {/* Phones and tablets: straight to the camera; a large photo is made to fit before it is sent. */}
              <Button
                variant="outline"
                className="hidden pointer-coarse:inline-flex"
                onClick={() => cameraRef.current?.click()}
                disabled={blocked}
                aria-describedby={describedBy}
              >
                <Camera aria-hidden="true" />
                Take a photo
              </Button>
              {bulkImport?.entry({ disabled: blocked, describedBy })}
            </div>
          </div>

          {progress.phase !== 'idle' && !collapsed ? <ProgressLine progress={progress} /> : null}

          {failure ? <FailureAlert failure={failure} onUpgrade={() => setShowUpgrade(true)} /> : null}
          {duplicate ? <DuplicateNotice duplicate={duplicate} /> : null}
          {failure?.kind === 'too-many' && manyFiles && bulkImport ? (
            <Button
              variant="outline"
              onClick={() => {
                bulkImport.start(manyFiles);
                setManyFiles(null);
                dismissFailure();
              }}
            >
              <Library aria-hidden="true" />
              Import all {manyFiles.length} as separate notes
            </Button>
          ) : null}
        </CardContent>
      </Card>
      {/* Under the card or its folded bar, whichever shows: why the upload buttons are off (issue 23). */}
      {!online ? <OfflineReason id={offlineId}>{OFFLINE_REASONS.upload}</OfflineReason> : null}
      <SharedImagesDialog prompt={sharePrompt} canImport={bulkImport !== undefined} />

      {showUpgrade
        ? renderUpgrade({
            title: 'Unlock unlimited uploads',
            description: 'Subscribe to Premium for unlimited uploads, priority processing and enhanced summaries.',
            onDismiss: () => setShowUpgrade(false),
          })
        : null}
      {/* The pickers sit outside the card, which is hidden while folded: some browsers (older iOS Safari) open no
          picker for a file input inside a display:none subtree. */}
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label="Upload images"
        aria-describedby={hintId}
        disabled={busy}
        onChange={(event) => void upload(Array.from(event.target.files ?? []))}
      />
      <input
        ref={cameraRef}
        type="file"
        accept="image/jpeg,image/png"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-label="Photo from the camera"
        aria-describedby={hintId}
        disabled={busy}
        onChange={(event) => void upload(Array.from(event.target.files ?? []))}
      />
    </section>
  );
}
