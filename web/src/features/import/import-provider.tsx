/**
 * What the "Import many" entry, the upload section's offers (more than 10 files dropped or shared) and the tray share:
 * `start(files)`, the imports being sent (a send is in this tab only: until the server answers 202 there is no import
 * to come back to after a reload, which the tray says), and the finished imports the user closed on this device.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client.js';
import { logger } from '../../lib/logger.js';
import { useAuth } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { sendImport } from './api.js';
import { selectForImport } from './select-files.js';
import { TEXTS } from './texts.js';
import { storeImport } from './use-imports.js';

export interface ImportSend {
  key: number;
  files: File[];
  /** 0–100, of the request body sent. */
  percent: number;
  /** Why the send failed (the files are kept for "Try again"), or null while it runs. */
  error: string | null;
}

export interface ImportContextValue {
  /** Imports these files (images and zips; the rest are named in a toast and left out). */
  start(files: readonly File[]): void;
  sends: ImportSend[];
  retrySend(key: number): void;
  dismissSend(key: number): void;
  /** Ids of finished imports closed on this device. */
  dismissed: ReadonlySet<string>;
  dismiss(importId: string): void;
}

const ImportContext = createContext<ImportContextValue | null>(null);

export function useImports(): ImportContextValue {
  const value = useContext(ImportContext);
  if (!value) throw new Error('useImports must be used inside <ImportProvider>');
  return value;
}

const DISMISSED_KEY = 'snapnotes:imports-closed:';
/** Enough to cover a day of imports (the list holds the last 24 hours). */
const DISMISSED_KEPT = 50;

function readDismissed(userId: number | undefined): Set<string> {
  if (!userId) return new Set();
  try {
    const value: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY + userId) ?? '[]');
    return new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

function tellWhatWasLeftOut(leftOut: string[], overLimit: number): void {
  const parts: string[] = [];
  if (overLimit > 0) parts.push(TEXTS.overLimit(overLimit));
  if (leftOut.length > 0) parts.push(TEXTS.leftOut(leftOut));
  if (parts.length === 0) return;
  toast({ title: overLimit > 0 ? TEXTS.overLimitTitle : TEXTS.leftOutTitle, description: parts.join(' ') });
}

export function ImportProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id;
  const client = useQueryClient();
  const [sends, setSends] = useState<ImportSend[]>([]);
  const nextKey = useRef(1);
  const [dismissedFor, setDismissedFor] = useState<{ userId: number | undefined; ids: Set<string> }>(() => ({
    userId,
    ids: readDismissed(userId),
  }));
  const dismissed = dismissedFor.userId === userId ? dismissedFor.ids : readDismissed(userId);

  const update = useCallback((key: number, change: Partial<ImportSend>) => {
    setSends((current) => current.map((s) => (s.key === key ? { ...s, ...change } : s)));
  }, []);

  const run = useCallback(
    (key: number, files: File[]) => {
      if (!userId || userId <= 0) return;
      let percent = 0;
      sendImport(files, {
        onProgress: (fraction) => {
          const next = Math.floor(fraction * 100);
          if (next !== percent) update(key, { percent: (percent = next) });
        },
      })
        .then((detail) => {
          storeImport(client, userId, detail);
          setSends((current) => current.filter((s) => s.key !== key));
        })
        .catch((error: unknown) => {
          logger.warn({ err: error instanceof Error ? error.name : 'unknown' }, 'An import could not be sent');
          update(key, { error: errorMessage(error, TEXTS.sendFailedFallback) });
        });
    },
    [client, userId, update],
  );

  const start = useCallback(
    (files: readonly File[]) => {
      const selection = selectForImport(files);
      if (selection.send.length === 0) {
        toast({ title: TEXTS.nothingToImportTitle, description: TEXTS.nothingToImport });
        return;
      }
      tellWhatWasLeftOut(selection.leftOut, selection.overLimit);
      const key = nextKey.current++;
      setSends((current) => [...current, { key, files: selection.send, percent: 0, error: null }]);
      run(key, selection.send);
    },
    [run],
  );

  const value = useMemo<ImportContextValue>(
    () => ({
      start,
      sends,
      retrySend: (key) => {
        const send = sends.find((s) => s.key === key);
        if (!send) return;
        update(key, { error: null, percent: 0 });
        run(key, send.files);
      },
      dismissSend: (key) => setSends((current) => current.filter((s) => s.key !== key)),
      dismissed,
      dismiss: (importId) => {
        const ids = new Set([...dismissed, importId]);
        try {
          localStorage.setItem(DISMISSED_KEY + userId, JSON.stringify([...ids].slice(-DISMISSED_KEPT)));
        } catch {
          // Private mode or a full storage: closed for this visit only.
        }
        setDismissedFor({ userId, ids });
      },
    }),
    [start, sends, run, update, dismissed, userId],
  );

  return <ImportContext.Provider value={value}>{children}</ImportContext.Provider>;
}
