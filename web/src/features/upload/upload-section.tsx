import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { AlertCircle, Camera, CheckCircle2, Crown, ImageUp, Loader2, WifiOff } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.js';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { Progress } from '../../components/ui/progress.js';
import { useRuntimeConfig } from '../../lib/runtime.js';
import { isStandInUser, useAuth } from '../../lib/session.js';
import { useQuota } from '../../lib/user-data.js';
import { cn } from '../../lib/utils.js';
import type { UploadFailure } from './api.js';
import { imagesFromClipboard } from './files.js';
import { SharedImagesDialog } from './shared-images-dialog.js';
import { useSharedFiles } from './use-shared-files.js';
import { useUpload } from './use-upload.js';

const ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

function QuotaLine({ onUpgrade }: { onUpgrade: () => void }) {
  const { user } = useAuth();
  const config = useRuntimeConfig();
  const { data: quota } = useQuota(user?.id);
  if (!quota) return null;
  if (quota.hasSubscription || quota.remainingUploads === Infinity) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Badge variant="brand">
          <Crown aria-hidden="true" />
          Premium
        </Badge>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="text-base leading-none">
            ∞
          </span>
          Unlimited uploads
        </span>
      </p>
    );
  }
  const limit = quota.limit ?? config.freeUploadsPerMonth;
  const remaining = Math.max(0, quota.remainingUploads);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className={cn('text-muted-foreground', remaining === 0 && 'font-medium text-destructive')}>
        {remaining} of {limit} free {limit === 1 ? 'upload' : 'uploads'} left this month
      </p>
      <Button variant="link" size="sm" className="h-auto px-0 text-brand" onClick={onUpgrade}>
        <Crown aria-hidden="true" />
        Go unlimited — from $0.99/month
      </Button>
    </div>
  );
}

function FailureAlert({ failure }: { failure: UploadFailure }) {
  const temporary = failure.kind === 'offline' || failure.kind === 'unavailable';
  return (
    <Alert variant={temporary ? 'default' : 'destructive'}>
      {failure.kind === 'offline' ? <WifiOff aria-hidden="true" /> : <AlertCircle aria-hidden="true" />}
      <AlertTitle>
        {failure.kind === 'offline' ? "You're offline" : temporary ? 'Try again in a moment' : 'Upload failed'}
      </AlertTitle>
      <AlertDescription>
        <p>{failure.message}</p>
        {failure.flaggedFiles.length > 0 ? (
          <div className="mt-1">
            <p className="font-medium">Flagged files:</p>
            <ul className="list-inside list-disc">
              {failure.flaggedFiles.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
            <p className="mt-1">These files were not processed. Please remove them and try again.</p>
          </div>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/** Upload section of /app (SPEC §2, §4, §5, §8): drop, browse or paste images to create a note. */
export interface UploadSectionProps {
  /**
   * The plans, shown when an upload needs a subscription or the user asks for them (the subscription feature's
   * panel, handed in by the page: features do not import each other).
   */
  renderUpgrade: (panel: { title: string; description: string; onDismiss: () => void }) => ReactNode;
}

export function UploadSection({ renderUpgrade }: UploadSectionProps) {
  const { user } = useAuth();
  const inputRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const headingId = useId();
  const hintId = useId();

  const clearInputs = useCallback(() => {
    for (const input of [inputRef.current, cameraRef.current]) if (input) input.value = '';
  }, []);
  const { upload, progress, failure, showUpgrade, setShowUpgrade } = useUpload(clearInputs);
  // Shares are offered to the account signed in, once the server knows it (not the stand-in user).
  const sharePrompt = useSharedFiles(upload, user && !isStandInUser(user) ? user.firebaseUid : null);

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

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle id={headingId} className="text-lg">
            Upload Screenshots
          </CardTitle>
          <CardDescription id={hintId}>
            PNG, JPG or JPEG, up to 10 images at once. They become one note.
            {/* Touch screens have no drag and drop or Ctrl+V: the tip is for mouse and keyboard users. */}
            <span className="pointer-coarse:hidden"> Tip: paste a screenshot with Ctrl+V (⌘V on Mac).</span>
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <QuotaLine onUpgrade={() => setShowUpgrade(true)} />
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
              <Button onClick={() => inputRef.current?.click()} disabled={busy}>
                Browse Files
              </Button>
              {/* Phones and tablets: straight to the camera; a large photo is made to fit before it is sent. */}
              <Button
                variant="outline"
                className="hidden pointer-coarse:inline-flex"
                onClick={() => cameraRef.current?.click()}
                disabled={busy}
              >
                <Camera aria-hidden="true" />
                Take a photo
              </Button>
            </div>
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
          </div>

          {progress.phase !== 'idle' ? (
            <div className="space-y-2" aria-live="polite">
              <div className="flex items-center justify-between gap-2 text-sm">
                <span className="flex items-center gap-2">
                  {progress.phase === 'success' ? (
                    <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
                  ) : (
                    <Loader2 className="size-4 animate-spin text-muted-foreground" aria-hidden="true" />
                  )}
                  <span role="status">{progress.message}</span>
                </span>
                <span className="text-muted-foreground tabular-nums">{progress.progress}%</span>
              </div>
              <Progress value={progress.progress} aria-label="Upload progress" />
            </div>
          ) : null}

          {failure ? <FailureAlert failure={failure} /> : null}
        </CardContent>
      </Card>
      <SharedImagesDialog prompt={sharePrompt} />

      {showUpgrade
        ? renderUpgrade({
            title: 'Unlock unlimited uploads',
            description: 'Subscribe to Premium for unlimited uploads, priority processing and enhanced summaries.',
            onDismiss: () => setShowUpgrade(false),
          })
        : null}
    </section>
  );
}
