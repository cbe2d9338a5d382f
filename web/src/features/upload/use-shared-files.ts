import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { logger } from '../../lib/logger.js';
import { FAILED_SHARE_ID, SHARE_PARAM, takeShares } from '../../lib/share-inbox.js';
import { toast } from '../../lib/toast.js';
import { SUCCESS_RESET_MS } from './progress.js';

/**
 * Screenshots shared to SnapNotes from the phone's share sheet (issue 15): the service worker keeps them in the share
 * inbox and opens /app?share=<id>; here they are taken from the inbox and uploaded like any other files (the same
 * checks, progress and errors), one share after the other. A share that waited for a sign-in is found the same way,
 * with or without the parameter. The parameter is removed from the address once read.
 */
export function useSharedFiles(upload: (files: File[]) => Promise<void>, enabled: boolean): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get(SHARE_PARAM);
  const uploadRef = useRef(upload);
  useEffect(() => {
    uploadRef.current = upload;
  }, [upload]);

  useEffect(() => {
    if (param === null) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SHARE_PARAM);
        return next;
      },
      { replace: true },
    );
    if (param === FAILED_SHARE_ID || param === 'failed') {
      toast({
        variant: 'destructive',
        title: 'Sharing did not work',
        description: 'SnapNotes could not receive the shared images. Open SnapNotes once, then share them again.',
      });
    } else if (param === 'empty') {
      toast({ title: 'Nothing to upload', description: 'The share had no PNG or JPEG images.' });
    }
  }, [param, setSearchParams]);

  // Once per page: the inbox is emptied as it is read, so a share is uploaded once.
  const takenRef = useRef(false);
  useEffect(() => {
    if (!enabled || takenRef.current) return;
    takenRef.current = true;
    void (async () => {
      let shares: File[][];
      try {
        shares = await takeShares();
      } catch (error) {
        logger.warn({ err: error instanceof Error ? error.name : 'unknown' }, 'Could not read the share inbox');
        return;
      }
      for (const [index, files] of shares.entries()) {
        // The upload section takes one upload at a time, and shows a success for a moment after each.
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, SUCCESS_RESET_MS + 100));
        await uploadRef.current(files);
      }
    })();
  }, [enabled]);
}
