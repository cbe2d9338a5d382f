/** Pieces of the upload section (upload-section.tsx): the allowance line, the progress, the failure, the compact bar. */
import type { DragEventHandler, ReactNode } from 'react';
import { AlertCircle, Camera, CheckCircle2, ChevronDown, Crown, Loader2, WifiOff } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.js';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { Progress } from '../../components/ui/progress.js';
import { useRuntimeConfig } from '../../lib/runtime.js';
import { useAuth } from '../../lib/session.js';
import { useQuota } from '../../lib/user-data.js';
import { cn } from '../../lib/utils.js';
import type { UploadFailure } from './api.js';
import type { UploadProgress } from './progress.js';

export function QuotaLine({ onUpgrade }: { onUpgrade: () => void }) {
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

/** The status line and bar while an upload runs, and its success message. */
export function ProgressLine({ progress }: { progress: UploadProgress }) {
  return (
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
      {progress.detail ? (
        <p className="text-xs text-muted-foreground" data-testid="upload-progress-detail">
          {progress.detail}
        </p>
      ) : null}
    </div>
  );
}

function failureTitle(kind: UploadFailure['kind']): string {
  switch (kind) {
    case 'offline':
      return "You're offline";
    case 'unavailable':
      return 'Try again in a moment';
    case 'upgrade-required':
      return 'Upgrade to continue';
    case 'too-many':
      return 'Too many files';
    case 'unprocessable':
      return 'Nothing to make a note from';
    default:
      return 'Upload failed';
  }
}

export function FailureAlert({ failure, onUpgrade }: { failure: UploadFailure; onUpgrade: () => void }) {
  const temporary = failure.kind === 'offline' || failure.kind === 'unavailable';
  const upgrade = failure.kind === 'upgrade-required';
  return (
    <Alert variant={temporary || upgrade ? 'default' : 'destructive'}>
      {failure.kind === 'offline' ? (
        <WifiOff aria-hidden="true" />
      ) : upgrade ? (
        <Crown aria-hidden="true" />
      ) : (
        <AlertCircle aria-hidden="true" />
      )}
      <AlertTitle>{failureTitle(failure.kind)}</AlertTitle>
      <AlertDescription>
        <p>{failure.message}</p>
        {failure.reason ? <p>{failure.reason}</p> : null}
        {failure.kind === 'too-many' ? <p>Choose 10 or fewer, then upload the rest as another note.</p> : null}
        {upgrade ? (
          <Button variant="link" size="sm" className="h-auto px-0 text-brand" onClick={onUpgrade}>
            <Crown aria-hidden="true" />
            See the plans — from $0.99/month
          </Button>
        ) : null}
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

/**
 * The upload card folded once the user has notes (issue 23): "Upload more" with the buttons that open the file
 * picker or the camera, the allowance, and a button that opens the whole card (drop zone, tips). It still takes a
 * drop; a paste works anywhere on the page. Right after an upload it carries the success message.
 */
export function CompactUploadBar(props: {
  progress: UploadProgress;
  /** Offline or busy: the buttons are off, `describedBy` says why. */
  blocked: boolean;
  describedBy: string | undefined;
  onBrowse: () => void;
  onCamera: () => void;
  onExpand: () => void;
  onUpgrade: () => void;
  onDrop: DragEventHandler<HTMLDivElement>;
  /** More buttons after these (the page's "Import many"). */
  extra?: ReactNode;
}) {
  const { progress } = props;
  return (
    <Card
      className="gap-3 py-4"
      data-testid="upload-compact"
      onDragOver={(event) => event.preventDefault()}
      onDrop={props.onDrop}
    >
      <div className="flex items-center justify-between gap-2 px-5">
        <div className="min-w-0">
          <p className="font-medium">Upload more</p>
          {progress.phase === 'success' ? (
            <p className="flex items-center gap-2 text-sm" aria-live="polite">
              <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
              <span role="status">{progress.message}</span>
            </p>
          ) : null}
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="-my-1"
          onClick={props.onExpand}
          aria-expanded={false}
          aria-label="Show the upload card"
        >
          <ChevronDown aria-hidden="true" />
        </Button>
      </div>
      {/* One row, even on a phone with the import entry beside the camera: the folded bar stays a bar. */}
      <div className="flex flex-nowrap items-center gap-2 overflow-x-auto px-5 py-0.5 [&>*]:shrink-0 [&_button]:px-3">
        <Button onClick={props.onBrowse} disabled={props.blocked} aria-describedby={props.describedBy}>
          Browse Files
        </Button>
        <Button
          variant="outline"
          className="hidden pointer-coarse:inline-flex"
          onClick={props.onCamera}
          disabled={props.blocked}
          aria-describedby={props.describedBy}
        >
          <Camera aria-hidden="true" />
          Take a photo
        </Button>
        {props.extra}
      </div>
      <div className="px-5">
        <QuotaLine onUpgrade={props.onUpgrade} />
      </div>
    </Card>
  );
}
