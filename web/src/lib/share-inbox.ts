/**
 * The share inbox: files shared to SnapNotes from the phone's share sheet (the manifest's share_target), between the
 * service worker that receives them (src/sw.ts) and the page that uploads them (features/upload). Kept in IndexedDB
 * (idb-keyval, its own database), so they survive the redirect, a sign-in in between, and a closed tab.
 *
 * Whose a share is (issue 22): the page writes the signed-in account into the inbox (`setShareOwner`) and the worker
 * stamps each share with it. A share is offered only to its account, or, when nobody was signed in, to the next
 * account that signs in; it is uploaded only after that user said so. Another account's shares are deleted unseen,
 * and a sign-out deletes the leaving account's shares.
 */
import { createStore, del, entries, get, promisifyRequest, set, type UseStore } from 'idb-keyval';

/** A share nobody uploaded within a day is dropped. */
export const SHARE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface SharedFile {
  name: string;
  type: string;
  blob: Blob;
}

export interface StoredShare {
  id: string;
  createdAt: number;
  /** The account signed in when the share arrived (its Firebase uid); null (or absent, older shares): nobody. */
  owner?: string | null;
  files: SharedFile[];
}

/** A share waiting for the signed-in user's answer. */
export interface PendingShare {
  id: string;
  files: File[];
}

/** The key of the signed-in account's record; every other key is a share. */
const OWNER_KEY = 'owner';

let store: UseStore | undefined;
function shareStore(): UseStore {
  store ??= createStore('snapnotes-share', 'shares');
  return store;
}

function isShare(value: unknown): value is StoredShare {
  return value !== null && typeof value === 'object' && Array.isArray((value as StoredShare).files);
}

/** Records who is signed in on this device (null: nobody), for the worker to stamp the shares that arrive. */
export async function setShareOwner(uid: string | null): Promise<void> {
  if (uid) await set(OWNER_KEY, { uid }, shareStore());
  else await del(OWNER_KEY, shareStore());
}

async function shareOwner(): Promise<string | null> {
  const record = await get<{ uid?: unknown }>(OWNER_KEY, shareStore());
  return typeof record?.uid === 'string' ? record.uid : null;
}

/** Keeps a share's image files for the account signed in now; returns its id. Called by the service worker. */
export async function storeShare(files: readonly File[], now = Date.now()): Promise<string> {
  const id = `${now.toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  const share: StoredShare = {
    id,
    createdAt: now,
    owner: await shareOwner(),
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
 * True when another website sent the POST (issue 22 item 1): its Origin header names an origin other than ours.
 * The share sheet's navigation has no page behind it (no Origin, or "null"). A page can hide its origin
 * (Referrer-Policy: no-referrer, a sandboxed frame: "null"), and Chromium does not show the worker the
 * Sec-Fetch-Site header, so this only turns away the plain cross-site form; the user's confirmation is the guard.
 */
export function isForeignShare(request: Request, ownOrigin: string): boolean {
  const origin = request.headers.get('Origin');
  return origin !== null && origin !== 'null' && origin !== ownOrigin;
}

/** Which stored shares `uid` is offered (oldest first), and which are deleted: expired, empty, or another's. */
export function sortShares(
  stored: ReadonlyArray<StoredShare>,
  uid: string,
  now = Date.now(),
): { offered: StoredShare[]; dropped: string[] } {
  const offered: StoredShare[] = [];
  const dropped: string[] = [];
  for (const share of stored) {
    const owner = share.owner ?? null;
    const fresh = now - share.createdAt <= SHARE_MAX_AGE_MS && share.files.length > 0;
    if (fresh && (owner === null || owner === uid)) offered.push(share);
    else dropped.push(share.id);
  }
  offered.sort((a, b) => a.createdAt - b.createdAt);
  return { offered, dropped };
}

const toFiles = (share: StoredShare) => share.files.map((f) => new File([f.blob], f.name, { type: f.type }));

/**
 * The shares waiting for `uid` (signed in now), oldest first, left in the inbox until the user answers; expired
 * shares and other accounts' shares are deleted.
 */
export async function pendingShares(uid: string, now = Date.now()): Promise<PendingShare[]> {
  const stored = (await entries<IDBValidKey, unknown>(shareStore())).map(([, value]) => value).filter(isShare);
  const { offered, dropped } = sortShares(stored, uid, now);
  await Promise.all(dropped.map((id) => del(id, shareStore())));
  return offered.map((share) => ({ id: share.id, files: toFiles(share) }));
}

/**
 * Takes a share out of the inbox to upload it: in one transaction, so of two tabs asking about the same share only
 * one gets its files (the other gets null), and a page closed mid-upload cannot upload it twice.
 */
export async function claimShare(id: string): Promise<File[] | null> {
  const share = await shareStore()('readwrite', (objects) => {
    const read = objects.get(id);
    objects.delete(id);
    return promisifyRequest<unknown>(read);
  });
  return isShare(share) ? toFiles(share) : null;
}

/** Deletes a share the user discarded. */
export async function discardShare(id: string): Promise<void> {
  await del(id, shareStore());
}

/**
 * At sign-out (or a session that ended elsewhere): nobody is signed in any more, and the shares that arrived for an
 * account are deleted. Shares that arrived signed out stay for the next sign-in, where they are asked about.
 */
export async function endShareSession(): Promise<void> {
  await setShareOwner(null);
  const owned = (await entries<IDBValidKey, unknown>(shareStore()))
    .map(([, value]) => value)
    .filter((value): value is StoredShare => isShare(value) && typeof value.owner === 'string');
  await Promise.all(owned.map((share) => del(share.id, shareStore())));
}
