/** One import in the tray: "n of m", the counts, the stopped message, "Retry failed", and the items behind Details. */
import { useEffect, useId, useRef, useState } from 'react';
import { AlertCircle, CheckCircle2, ChevronDown, ChevronUp, Crown, Loader2, RotateCcw, X } from 'lucide-react';
import type { ImportDetail } from '@snapnotes/contracts';
import { Button } from '../../components/ui/button.js';
import { Progress } from '../../components/ui/progress.js';
import { Spinner } from '../../components/ui/spinner.js';
import { ItemGroup } from './import-items.js';
import { announcement, countsLine, importTitle, settledCount, TEXTS } from './texts.js';
import { useImport, useRetryFailed } from './use-imports.js';

/** A screen reader hears how the import goes at most this often (each image would be too chatty); the end at once. */
export const ANNOUNCE_EVERY_MS = 10_000;

/** `value`, changed at most every `ms` (at once when `now`). */
function useThrottled(value: string, ms: number, now: boolean): string {
  const [shown, setShown] = useState(value);
  const shownAt = useRef(0);
  useEffect(() => {
    if (value === shown) return;
    const timer = setTimeout(
      () => {
        shownAt.current = Date.now();
        setShown(value);
      },
      now ? 0 : Math.max(0, shownAt.current + ms - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [value, shown, ms, now]);
  return shown;
}

function StatusIcon({ detail }: { detail: ImportDetail }) {
  if (detail.status === 'running') {
    return <Loader2 className="size-4 shrink-0 animate-spin text-muted-foreground" aria-hidden="true" />;
  }
  if (detail.status === 'stopped') return <Crown className="size-4 shrink-0 text-brand" aria-hidden="true" />;
  if (detail.counts.failed > 0) {
    return <AlertCircle className="size-4 shrink-0 text-destructive" aria-hidden="true" />;
  }
  return <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden="true" />;
}

export interface ImportCardProps {
  userId: number;
  summary: ImportDetail;
  onUpgrade(): void;
  onClose(): void;
}

export function ImportCard({ userId, summary, onUpgrade, onClose }: ImportCardProps) {
  const { detail, loadingItems } = useImport(userId, summary);
  const retry = useRetryFailed(userId);
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const detailsId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const running = detail.status === 'running';
  const settled = settledCount(detail);
  const percent = detail.total > 0 ? Math.round((settled / detail.total) * 100) : 0;
  const spoken = useThrottled(announcement(detail), ANNOUNCE_EVERY_MS, !running);
  const of = (status: ImportDetail['items'][number]['status']) => detail.items.filter((i) => i.status === status);

  return (
    <li
      aria-labelledby={titleId}
      data-testid="import-card"
      data-status={detail.status}
      className="space-y-2 rounded-lg border bg-card p-3 text-card-foreground shadow-lg"
      onKeyDown={(event) => {
        // Escape folds the details back, focus going to the button that opens them.
        if (event.key !== 'Escape' || !expanded) return;
        event.stopPropagation();
        setExpanded(false);
        toggleRef.current?.focus();
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <StatusIcon detail={detail} />
          <h2 id={titleId} className="truncate text-sm font-semibold tabular-nums">
            {importTitle(detail)}
          </h2>
        </div>
        <div className="-my-1 flex shrink-0 items-center">
          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon-sm"
            aria-expanded={expanded}
            aria-controls={detailsId}
            aria-label={expanded ? 'Hide details' : 'Show details'}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? <ChevronDown aria-hidden="true" /> : <ChevronUp aria-hidden="true" />}
          </Button>
          {running ? null : (
            <Button variant="ghost" size="icon-sm" aria-label="Close" onClick={onClose}>
              <X aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>
      <Progress value={percent} aria-label="Import progress" aria-valuetext={`${settled} of ${detail.total}`} />
      <p className="text-xs text-muted-foreground tabular-nums" data-testid="import-counts">
        {countsLine(detail)}
      </p>
      <p className="sr-only" role="status">
        {spoken}
      </p>
      {detail.status === 'stopped' && detail.stoppedMessage ? (
        <div className="flex flex-wrap items-center justify-between gap-x-2 rounded-md border border-brand/40 bg-brand/5 px-2 py-1.5 text-sm">
          <p className="font-medium">{detail.stoppedMessage}</p>
          <Button variant="link" size="sm" className="h-auto px-0 text-brand" onClick={onUpgrade}>
            <Crown aria-hidden="true" />
            {TEXTS.seePlans}
          </Button>
        </div>
      ) : null}
      {!running && detail.counts.failed > 0 ? (
        <div className="space-y-1">
          <Button variant="outline" size="sm" disabled={retry.isPending} onClick={() => retry.mutate(detail.id)}>
            <RotateCcw aria-hidden="true" />
            {retry.isPending ? TEXTS.retrying : TEXTS.retryFailed}
          </Button>
          {retry.isError ? (
            <p role="alert" className="text-xs text-destructive">
              {TEXTS.retryFailedError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div id={detailsId} hidden={!expanded} className="space-y-3 pt-1">
        {expanded && loadingItems ? <Spinner label="Loading the import's images" /> : null}
        {expanded ? (
          <>
            <ItemGroup heading={TEXTS.failedHeading} items={of('failed')} />
            <ItemGroup heading={TEXTS.skippedHeading} items={of('skipped')} />
            <ItemGroup heading={TEXTS.duplicateHeading} items={of('duplicate')} />
          </>
        ) : null}
      </div>
    </li>
  );
}
