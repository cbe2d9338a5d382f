import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NOT_LOGGED_IN_MESSAGE } from '../../lib/constants.js';
import { refetchUserData } from '../../lib/query-client.js';
import { queryKeys } from '../../lib/query-keys.js';
import { useAnalytics } from '../../lib/runtime.js';
import { useAuth } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { isOutOfUploads, useQuota } from '../../lib/user-data.js';
import {
  describeUploadError,
  OFFLINE_MESSAGE,
  OUT_OF_UPLOADS_MESSAGE,
  useProcessScreenshots,
  type UploadFailure,
} from './api.js';
import { checkSelection } from './files.js';
import { prepareImages } from './prepare-images.js';
import { useUploadProgress, type UploadProgress } from './progress.js';

export interface Upload {
  /** Checks, prepares and uploads the files as one note (SPEC §4's upload flow); ignored while one is running. */
  upload(files: File[]): Promise<void>;
  progress: UploadProgress;
  failure: UploadFailure | null;
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
  const [showUpgrade, setShowUpgrade] = useState(false);

  const upload = useCallback(
    async (files: File[]) => {
      if (progress.busy) return;
      setFailure(null);
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
        if (check.reason === 'too-many') window.alert(check.message);
        if (check.reason === 'too-many' || check.reason === 'empty') clearInputs();
        else refuse(failureOf('rejected', check.message));
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
      progress.startProcessing();
      try {
        await mutation.mutateAsync({ files: check.files, userId: user.id });
        progress.succeed(clearInputs);
        setShowUpgrade(false);
        toast({ title: 'Success!', description: 'Your screenshot has been processed successfully.' });
        analytics.noteCreated();
        void refetchUserData(queryClient, user.id);
      } catch (error) {
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

  return { upload, progress, failure, showUpgrade, setShowUpgrade };
}
