import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadProgressReply } from '@snapnotes/contracts';

/**
 * The upload's progress bar (SPEC §4, §9; issue 23). The bar moves by the upload's real stage, which the browser
 * asks the gateway for while the POST is held open (api.ts `watchUploadProgress`), no longer by a timer. Each stage
 * sits in the SPEC's band of its message, so `stageMessage(progress)` still gives SPEC §4's text, and a detail line
 * says what the message cannot ("Reading page 2 of 5").
 */
/** How often the browser asks where its upload is (SPEC §9's progress tick). */
export const PROGRESS_POLL_MS = 700;
export const SUCCESS_RESET_MS = 2000;
export const SUCCESS_MESSAGE = 'Note created successfully!';

export type UploadPhase = 'idle' | 'preparing' | 'processing' | 'success';

/** Stage message for a progress value (SPEC §4). */
export function stageMessage(progress: number): string {
  if (progress < 20) return 'Checking images for content and safety...';
  if (progress < 40) return 'Extracting text or analyzing image content...';
  if (progress < 60) return 'Processing content...';
  if (progress < 80) return 'Generating summaries and key points...';
  return 'Finalizing your note...';
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Where the bar stands for a stage the gateway reported (null: sent, nothing heard yet), and its detail line. */
export function stageView(
  report: UploadProgressReply | null,
  images: number,
): { progress: number; detail: string | null } {
  if (!report || report.stage === 'receiving') return { progress: 3, detail: `Uploading ${plural(images, 'image')}` };
  const pages = report.pages || images;
  switch (report.stage) {
    case 'checking':
      return { progress: 10, detail: null };
    case 'reading': {
      // 20–39: SPEC's "Extracting text…" band, filled as pages are read.
      const detail = pages > 1 ? `Reading page ${Math.min(report.pagesRead + 1, pages)} of ${pages}` : null;
      return { progress: 20 + Math.floor((19 * report.pagesRead) / pages), detail };
    }
    case 'processing':
      return { progress: 45, detail: pages > 1 ? `All ${pages} pages read` : null };
    case 'summarising':
      return { progress: 65, detail: null };
    case 'saving':
      return { progress: 85, detail: null };
  }
}

export interface UploadProgress {
  phase: UploadPhase;
  progress: number;
  message: string;
  /** More about the stage than SPEC's message says ("Reading page 2 of 5"), or null. */
  detail: string | null;
  /**
   * True while an upload is being prepared or processed. The success display (2 s) does not block: a screenshot
   * pasted or chosen right after a note was made starts the next upload at once instead of being ignored.
   */
  busy: boolean;
  /** idle → preparing. */
  prepare(): void;
  /** preparing → processing: `images` are being sent. */
  startProcessing(images: number): void;
  /** A stage the gateway reported; the bar never moves back. */
  report(report: UploadProgressReply): void;
  /** → success at 100; after 2 s back to idle and `onReset` runs (e.g. clearing the file input). */
  succeed(onReset?: () => void): void;
  /** → idle at 0. */
  fail(): void;
}

export function useUploadProgress(): UploadProgress {
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [view, setView] = useState<{ progress: number; detail: string | null }>({ progress: 0, detail: null });
  const images = useRef(0);
  const resetRef = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTimer = useCallback(() => {
    if (resetRef.current) clearTimeout(resetRef.current);
    resetRef.current = null;
  }, []);

  useEffect(() => clearTimer, [clearTimer]);

  const prepare = useCallback(() => {
    clearTimer();
    setPhase('preparing');
    setView({ progress: 0, detail: null });
  }, [clearTimer]);

  const startProcessing = useCallback(
    (count: number) => {
      clearTimer();
      images.current = count;
      setPhase('processing');
      setView(stageView(null, count));
    },
    [clearTimer],
  );

  const report = useCallback((reply: UploadProgressReply) => {
    const next = stageView(reply, images.current);
    setView((current) => (next.progress >= current.progress ? next : current));
  }, []);

  const succeed = useCallback(
    (onReset?: () => void) => {
      clearTimer();
      setPhase('success');
      setView({ progress: 100, detail: null });
      resetRef.current = setTimeout(() => {
        resetRef.current = null;
        setPhase('idle');
        setView({ progress: 0, detail: null });
        onReset?.();
      }, SUCCESS_RESET_MS);
    },
    [clearTimer],
  );

  const fail = useCallback(() => {
    clearTimer();
    setPhase('idle');
    setView({ progress: 0, detail: null });
  }, [clearTimer]);

  return {
    phase,
    progress: view.progress,
    message: phase === 'success' ? SUCCESS_MESSAGE : stageMessage(view.progress),
    detail: phase === 'processing' ? view.detail : null,
    busy: phase === 'preparing' || phase === 'processing',
    prepare,
    startProcessing,
    report,
    succeed,
    fail,
  };
}
