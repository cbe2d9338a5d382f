/**
 * Whether this browser may hold a Firebase sign-in, read without loading the Firebase SDK: the app loads the SDK
 * at start only when there is one (or a redirect sign-in is coming back), so a signed-out visitor's first page
 * does not download it (the landing page's JavaScript budget, e2e/bundle-size.e2e.ts).
 *
 * Where Firebase Auth keeps things in a browser (firebase/auth's browser persistence, v9 to v12): the signed-in
 * user under `firebase:authUser:<apiKey>:<app>` in the IndexedDB database `firebaseLocalStorageDb` (object store
 * `firebaseLocalStorage`, key path `fbase_key`), or in localStorage when IndexedDB is unavailable; a redirect
 * sign-in in progress under `firebase:pendingRedirect:<apiKey>:<app>` in sessionStorage. The answer errs towards
 * true: when it cannot tell, the SDK is loaded and decides.
 */

const USER_KEY_PREFIX = 'firebase:authUser:';
const PENDING_REDIRECT_PREFIX = 'firebase:pendingRedirect:';
const DATABASE = 'firebaseLocalStorageDb';
const STORE = 'firebaseLocalStorage';

function storageHas(storage: Storage | undefined, prefix: string): boolean {
  if (!storage) return false;
  for (let i = 0; i < storage.length; i++) {
    if (storage.key(i)?.startsWith(prefix)) return true;
  }
  return false;
}

function webStorage(name: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return window[name];
  } catch {
    return undefined; // storage disabled by the browser's settings
  }
}

/**
 * The records Firebase keeps in its IndexedDB store: `fbase_key` and the stored `value` (a signed-in user's
 * `value.uid`). Empty when the database does not exist (never creates it); null when it cannot tell.
 */
async function indexedDbRecords(): Promise<{ key: unknown; value: unknown }[] | null> {
  if (typeof indexedDB === 'undefined') return [];
  // Opening a database that does not exist creates it; list them first where the browser can.
  if (typeof indexedDB.databases !== 'function') return null;
  const databases = await indexedDB.databases();
  if (!databases.some((database) => database.name === DATABASE)) return [];
  return new Promise((resolve) => {
    const open = indexedDB.open(DATABASE);
    open.onerror = () => resolve(null);
    open.onblocked = () => resolve(null);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(STORE)) {
        db.close();
        resolve([]);
        return;
      }
      const all = db.transaction(STORE, 'readonly').objectStore(STORE).getAll();
      all.onsuccess = () => {
        db.close();
        resolve(
          (all.result as unknown[]).map((record) => {
            const { fbase_key: key, value } = (record ?? {}) as { fbase_key?: unknown; value?: unknown };
            return { key, value };
          }),
        );
      };
      all.onerror = () => {
        db.close();
        resolve(null);
      };
    };
  });
}

const isUserKey = (key: unknown): boolean => typeof key === 'string' && key.startsWith(USER_KEY_PREFIX);

function uidOf(value: unknown): string | null {
  let user = value;
  if (typeof user === 'string') {
    try {
      user = JSON.parse(user);
    } catch {
      return null;
    }
  }
  const uid = (user as { uid?: unknown } | null)?.uid;
  return typeof uid === 'string' && uid ? uid : null;
}

/** True when the IndexedDB store holds a signed-in user; never creates the database. */
async function indexedDbHasUser(): Promise<boolean> {
  const records = await indexedDbRecords();
  return records === null || records.some((record) => isUserKey(record.key));
}

/**
 * The uid of the user Firebase keeps signed in in this browser, read without the SDK; null when there is none or
 * it cannot be read. The offline start (auth-provider.tsx) opens the app with the account kept for this uid at once,
 * instead of waiting for the SDK, which on a phone waits 5 s for its sign-in frame when there is no network.
 */
export async function savedIdentityUid(): Promise<string | null> {
  const local = webStorage('localStorage');
  if (local) {
    for (let i = 0; i < local.length; i++) {
      const key = local.key(i);
      const uid = isUserKey(key) && key ? uidOf(local.getItem(key)) : null;
      if (uid) return uid;
    }
  }
  try {
    const records = (await indexedDbRecords()) ?? [];
    for (const record of records) {
      const uid = isUserKey(record.key) ? uidOf(record.value) : null;
      if (uid) return uid;
    }
  } catch {
    // Storage unreadable: the SDK decides, as when nothing is kept.
  }
  return null;
}

/** True when a Firebase sign-in may be stored in this browser, or a redirect sign-in is on its way back. */
export async function mayBeSignedIn(): Promise<boolean> {
  if (storageHas(webStorage('sessionStorage'), PENDING_REDIRECT_PREFIX)) return true;
  if (storageHas(webStorage('localStorage'), USER_KEY_PREFIX)) return true;
  try {
    return await indexedDbHasUser();
  } catch {
    return true;
  }
}
