import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { logger } from '../../lib/logger.js';
import { claimShare, discardShare, pendingShares } from '../../lib/share-inbox.js';
import { FAILED_SHARE_ID, REFUSED_SHARE_ID, SHARE_PARAM } from '../../lib/share-target.js';
import { toast } from '../../lib/toast.js';
import { SUCCESS_RESET_MS } from './progress.js';

/** A share waiting for the user's answer: its files, and how to answer. */
export interface SharePrompt {
  id: string;
  files: File[];
  /**
   * 'upload' uploads the files as one note; 'import' imports them, each its own note (more than 10 shared, when the
   * page has bulk import); 'discard' deletes them. Only the first answer counts.
   */
  answer(choice: ShareChoice): void;
}

export type ShareChoice = 'upload' | 'import' | 'discard';

const errorName = (error: unknown) => (error instanceof Error ? error.name : 'unknown');

/**
 * Screenshots shared to SnapNotes from the phone's share sheet (issue 15): the service worker keeps them in the share
 * inbox and opens /app?share=<id>. Here the shares waiting for the signed-in account (`owner`, its Firebase uid;
 * null while nobody who can upload is signed in) are offered one after the other: nothing is uploaded until the
 * user answers Upload (issue 22: any website can post to the share target). An accepted share is taken from the
 * inbox and uploaded like any other files (the same checks, progress and errors); a discarded one is deleted; one
 * left unanswered (the page closed) is asked about again next time. The parameter is removed from the address once
 * read.
 */
export function useSharedFiles(
  upload: (files: File[]) => Promise<void>,
  owner: string | null,
  importFiles?: (files: File[]) => void,
): SharePrompt | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get(SHARE_PARAM);
  const uploadRef = useRef(upload);
  useEffect(() => {
    uploadRef.current = upload;
  }, [upload]);
  const importRef = useRef(importFiles);
  useEffect(() => {
    importRef.current = importFiles;
  }, [importFiles]);
  const [prompt, setPrompt] = useState<SharePrompt | null>(null);

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
    } else if (param === REFUSED_SHARE_ID) {
      toast({
        variant: 'destructive',
        title: 'Shared images ignored',
        description: 'Another website tried to send images to SnapNotes. They were not kept or uploaded.',
      });
    } else if (param === 'empty') {
      toast({ title: 'Nothing to upload', description: 'The share had no PNG or JPEG images.' });
    }
  }, [param, setSearchParams]);

  useEffect(() => {
    if (!owner) return;
    let active = true;
    const ask = (id: string, files: File[]) =>
      new Promise<ShareChoice>((resolve) => {
        let answered = false;
        setPrompt({
          id,
          files,
          answer: (choice) => {
            if (answered) return;
            answered = true;
            setPrompt(null);
            resolve(choice);
          },
        });
      });
    void (async () => {
      let shares;
      try {
        shares = await pendingShares(owner);
      } catch (error) {
        logger.warn({ err: errorName(error) }, 'Could not read the share inbox');
        return;
      }
      for (const [index, share] of shares.entries()) {
        if (!active) return;
        const choice = await ask(share.id, share.files);
        if (!active) return;
        if (choice === 'discard') {
          await discardShare(share.id).catch((error: unknown) => {
            logger.warn({ err: errorName(error) }, 'Could not delete a discarded share');
          });
          continue;
        }
        // Null: another tab took it meanwhile.
        const files = await claimShare(share.id).catch(() => null);
        if (!files || !active) continue;
        if (choice === 'import' && importRef.current) {
          importRef.current(files);
          continue;
        }
        await uploadRef.current(files);
        // The upload section takes one upload at a time, and shows a success for a moment after each.
        if (index < shares.length - 1) await new Promise((resolve) => setTimeout(resolve, SUCCESS_RESET_MS + 100));
      }
    })();
    return () => {
      active = false;
      setPrompt(null);
    };
  }, [owner]);

  return prompt;
}
