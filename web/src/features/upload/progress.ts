import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC §4, §9: simulated progress while the server works. */
export const PROGRESS_TICK_MS = 700;
export const PROGRESS_CAP = 95;
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

export interface UploadProgress {
  phase: UploadPhase;
  progress: number;
  message: string;
  /** True from preparing until the success display has been reset. */
  busy: boolean;
  /** idle → preparing. */
  prepare(): void;
  /** preparing → processing: progress rises 1 point every 700 ms, capped at 95. */
  startProcessing(): void;
  /** → success at 100; after 2 s back to idle and `onReset` runs (e.g. clearing the file input). */
  succeed(onReset?: () => void): void;
  /** → idle at 0. */
  fail(): void;
}

export function useUploadProgress(): UploadProgress {
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [progress, setProgress] = useState(0);
  const tickRef = useRef<ReturnType<typeof setInterval> | null>(null);
  const resetRef = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTimers = useCallback(() => {
    if (tickRef.current) clearInterval(tickRef.current);
    if (resetRef.current) clearTimeout(resetRef.current);
    tickRef.current = null;
    resetRef.current = null;
  }, []);

  useEffect(() => clearTimers, [clearTimers]);

  const prepare = useCallback(() => {
    clearTimers();
    setPhase('preparing');
    setProgress(0);
  }, [clearTimers]);

  const startProcessing = useCallback(() => {
    clearTimers();
    setPhase('processing');
    setProgress(0);
    tickRef.current = setInterval(() => {
      setProgress((value) => Math.min(value + 1, PROGRESS_CAP));
    }, PROGRESS_TICK_MS);
  }, [clearTimers]);

  const succeed = useCallback(
    (onReset?: () => void) => {
      clearTimers();
      setPhase('success');
      setProgress(100);
      resetRef.current = setTimeout(() => {
        resetRef.current = null;
        setPhase('idle');
        setProgress(0);
        onReset?.();
      }, SUCCESS_RESET_MS);
    },
    [clearTimers],
  );

  const fail = useCallback(() => {
    clearTimers();
    setPhase('idle');
    setProgress(0);
  }, [clearTimers]);

  return {
    phase,
    progress,
    message: phase === 'success' ? SUCCESS_MESSAGE : stageMessage(progress),
    busy: phase !== 'idle',
    prepare,
    startProcessing,
    succeed,
    fail,
  };
}
