/**
 * The share inbox: files shared to SnapNotes from the phone's share sheet (the manifest's share_target), between the
 * service worker that receives them (src/sw.ts) and the page that uploads them (features/upload). Kept in IndexedDB
 * (idb-keyval, its own database), so they survive the redirect, a sign-in in between, and a closed tab; taken once,
 * then deleted.
 */
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';

/** The share target's action (pwa.config.ts declares it in the manifest; the gateway answers it without a worker). */
export const SHARE_TARGET_PATH = '/share-target';
/** The query parameter of /app after a share: the stored share's id, or FAILED_SHARE_ID. */
export const SHARE_PARAM = 'share';
/** What the gateway puts in SHARE_PARAM when the share reached it (no service worker yet): the files are gone. */
export const FAILED_SHARE_ID = 'unavailable';
/** A share nobody signed in to upload within a day is dropped. */
export const SHARE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface SharedFile {
  name: string;
  type: string;
  blob: Blob;
}

export interface StoredShare {
  id: string;
  createdAt: number;
  files: SharedFile[];
}

let store: UseStore | undefined;
function shareStore(): UseStore {
  store ??= createStore('snapnotes-share', 'shares');
  return store;
}

/** Keeps a share's image files; returns its id. Called by the service worker. */
export async function storeShare(files: readonly File[], now = Date.now()): Promise<string> {
  const id = `${now.toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  const share: StoredShare = {
    id,
    createdAt: now,
    files: files.map((file) => ({ name: file.name, type: file.type, blob: file })),
  };
  await set(id, share, shareStore());
  return id;
}

/** The image files of a form the share sheet posted (field 'images', as the manifest names it). */
export function filesOfShareForm(form: FormData): File[] {
  return form.getAll('images').filter((value): value is File => typeof value !== 'string' && value.size > 0);
}

/**
 * Removes and returns every share still waiting (oldest first), as File objects; expired ones are dropped.
 * Taking before uploading means a share is uploaded once, even if the page closes mid-upload.
 */
export async function takeShares(now = Date.now()): Promise<File[][]> {
  const waiting = await entries<string, StoredShare>(shareStore());
  await Promise.all(waiting.map(([key]) => del(key, shareStore())));
  return waiting
    .map(([, share]) => share)
    .filter((share) => now - share.createdAt <= SHARE_MAX_AGE_MS && share.files.length > 0)
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((share) => share.files.map((f) => new File([f.blob], f.name, { type: f.type })));
}
