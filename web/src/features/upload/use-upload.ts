import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DuplicateOf } from '@snapnotes/contracts';
import { NOT_LOGGED_IN_MESSAGE } from '../../lib/constants.js';
import { refetchUserData } from '../../lib/query-client.js';
import { queryKeys } from '../../lib/query-keys.js';
import { useAnalytics } from '../../lib/runtime.js';
import { useAuth } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { isOutOfUploads, useQuota } from '../../lib/user-data.js';
import {
  describeUploadError,
  newProgressId,
  OFFLINE_MESSAGE,
  OUT_OF_UPLOADS_MESSAGE,
  useProcessScreenshots,
  watchUploadProgress,
  type UploadFailure,
} from './api.js';
import { checkSelection } from './files.js';
import { prepareImages } from './prepare-images.js';
import { PROGRESS_POLL_MS, useUploadProgress, type UploadProgress } from './progress.js';
import { revealNote } from '../../lib/reveal-note.js';

export interface Upload {
  /** Checks, prepares and uploads the files as one note (SPEC §4's upload flow); ignored while one is running. */
  upload(files: File[]): Promise<void>;
  progress: UploadProgress;
  failure: UploadFailure | null;
  /** The note that already holds every image of the last upload (nothing was made or charged), or null. */
  duplicate: DuplicateOf | null;
  /** Clears the failure shown (e.g. once too many files were handed to an import instead). */
  dismissFailure(): void;
  showUpgrade: boolean;
  setShowUpgrade(show: boolean): void;
}

const failureOf = (kind: UploadFailure['kind'], message: string): UploadFailure => ({
  kind,
  message,
  flaggedFiles: [],
});

/**
 * One upload at a time, whatever starts it (the file picker, the camera, a drop, a paste, a share from the phone):
 * the SPEC §5 checks, the allowance, photos made to fit (prepare-images.ts), then the request with its progress and
 * its errors. `clearInputs` empties the file inputs once the files are no longer needed.
 */
export function useUpload(clearInputs: () => void): Upload {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const analytics = useAnalytics();
  const { data: quota } = useQuota(user?.id);
  const progress = useUploadProgress();
  const mutation = useProcessScreenshots();
  const [failure, setFailure] = useState<UploadFailure | null>(null);
  const [duplicate, setDuplicate] = useState<DuplicateOf | null>(null);
  const [showUpgrade, setShowUpgrade] = useState(false);

  const upload = useCallback(
    async (files: File[]) => {
      if (progress.busy) return;
      setFailure(null);
      setDuplicate(null);
      const refuse = (refusal: UploadFailure) => {
        setFailure(refusal);
        clearInputs();
      };
      if (!user) return refuse(failureOf('unauthorized', NOT_LOGGED_IN_MESSAGE));
      let check = checkSelection(files);
      if (check.ok || check.reason === 'too-large') {
        // Oversized photos are made smaller; the others (and anything the checks refuse) are not touched.
        progress.prepare();
        check = checkSelection(await prepareImages(files));
      }
      if (!check.ok) {
        progress.fail();
        // Too many files: SPEC §5's text, said inline beside the upload rather than in a browser alert (issue 23).
        if (check.reason === 'empty') clearInputs();
        else refuse(failureOf(check.reason === 'too-many' ? 'too-many' : 'rejected', check.message));
        return;
      }
      if (isOutOfUploads(quota)) {
        progress.fail();
        refuse(failureOf('upgrade-required', OUT_OF_UPLOADS_MESSAGE));
        setShowUpgrade(true);
        return;
      }
      if (!navigator.onLine) {
        progress.fail();
        return refuse(failureOf('offline', OFFLINE_MESSAGE));
      }

      progress.prepare();
      progress.startProcessing(check.files.length);
      // The real stages while the POST is held open (issue 23).
      const progressId = newProgressId();
      const watching = new AbortController();
      void watchUploadProgress(progressId, progress.report, {
        signal: watching.signal,
        intervalMs: PROGRESS_POLL_MS,
      });
      try {
        const note = await mutation.mutateAsync({ files: check.files, userId: user.id, progressId });
        watching.abort();
        if (note.duplicateOf) {
          // Already in the user's notes: no note made, no upload used; said beside the upload with a link to it.
          progress.fail();
          clearInputs();
          setDuplicate(note.duplicateOf);
          return;
        }
        // One success message: the progress line's (SPEC §4). SPEC §8's toast is not shown: it covered the new note.
        progress.succeed(clearInputs);
        setShowUpgrade(false);
        analytics.noteCreated();
        void refetchUserData(queryClient, user.id);
        // Keyboard and phone users are taken to the new note (below the fold on a phone).
        if (typeof note?.id === 'number') void revealNote(note.id);
      } catch (error) {
        watching.abort();
        progress.fail();
        clearInputs();
        const described = describeUploadError(error);
        if (described.kind === 'network') {
          toast({ variant: 'destructive', title: 'Processing failed', description: described.message });
          return;
        }
        setFailure(described);
        if (described.kind === 'upgrade-required') {
          setShowUpgrade(true);
          void queryClient.invalidateQueries({ queryKey: queryKeys.remainingUploads(user.id) });
          void queryClient.invalidateQueries({ queryKey: queryKeys.subscription(user.id) });
        }
      }
    },
    [progress, user, quota, mutation, analytics, queryClient, clearInputs],
  );

  const dismissFailure = useCallback(() => setFailure(null), []);
  return { upload, progress, failure, duplicate, dismissFailure, showUpgrade, setShowUpgrade };
}
