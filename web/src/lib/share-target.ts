/**
 * The share target's names, shared by the manifest (pwa.config.ts), the service worker (src/sw.ts), the routes and
 * the upload section. Constants only: the landing page and the guards read SHARE_PARAM without loading the share
 * inbox (lib/share-inbox.ts) and its IndexedDB code.
 */

/** The share target's action (pwa.config.ts declares it in the manifest; the gateway answers it without a worker). */
export const SHARE_TARGET_PATH = '/share-target';
/** The query parameter of /app after a share: the stored share's id, or one of the outcomes below. */
export const SHARE_PARAM = 'share';
/** What the gateway puts in SHARE_PARAM when the share reached it (no service worker yet): the files are gone. */
export const FAILED_SHARE_ID = 'unavailable';
/** What the worker puts in SHARE_PARAM when another website posted to the share target: nothing was kept. */
export const REFUSED_SHARE_ID = 'refused';
