import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { sendRequest, throwIfResNotOk } from '../../lib/api-client.js';

/**
 * A note's images come from owner-only routes that need the bearer token, which an <img src> cannot send
 * (DECISIONS "Original images"): the image is fetched with the token and shown through a blob: URL (the CSP
 * allows blob: images). The browser's HTTP cache keeps no original (`private, no-store`) and revalidates a
 * thumbnail before each use (`private, no-cache`); the query cache keeps the Blob while a card or the viewer shows it.
 */
/** How long a blob: URL outlives the component that made it. */
const REVOKE_DELAY_MS = 10_000;

async function fetchImage(url: string, signal: AbortSignal): Promise<Blob> {
  const res = await sendRequest('GET', url, undefined, { signal });
  await throwIfResNotOk(res);
  return res.blob();
}

/**
 * The blob: URL of an owner-only image, or undefined while it loads (or when `enabled` is false). `waitingForNetwork`:
 * the image is not on the device and the browser is offline (the request waits for the connection to come back).
 */
export function useImageUrl(
  url: string,
  enabled = true,
): { src: string | undefined; failed: boolean; waitingForNetwork: boolean } {
  const query = useQuery({
    queryKey: ['note-image', url],
    queryFn: ({ signal }) => fetchImage(url, signal),
    enabled,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: 1,
  });
  const [src, setSrc] = useState<string | undefined>();
  // A Blob, or nothing: a kept cache restored by something other than this browser (a copied profile) may hold a
  // value that is no longer one. It must not break the page, and the image is fetched again.
  const blob = query.data instanceof Blob ? query.data : undefined;
  const unusable = query.data !== undefined && blob === undefined;
  const { refetch } = query;
  useEffect(() => {
    if (unusable) void refetch();
  }, [unusable, refetch]);
  useEffect(() => {
    if (!blob) {
      setSrc(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setSrc(objectUrl);
    // Revoked a little later, not at once: an <img> being replaced (a card re-mounted by the virtualised list, the
    // viewer moving on) may still be loading it, and a URL revoked under it fails as ERR_FILE_NOT_FOUND.
    return () => void setTimeout(() => URL.revokeObjectURL(objectUrl), REVOKE_DELAY_MS);
  }, [blob]);
  return {
    src,
    failed: query.isError,
    waitingForNetwork: enabled && query.fetchStatus === 'paused' && blob === undefined,
  };
}
