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

/** True when the IndexedDB store holds a signed-in user; never creates the database. */
async function indexedDbHasUser(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  // Opening a database that does not exist creates it; list them first where the browser can.
  if (typeof indexedDB.databases !== 'function') return true;
  const databases = await indexedDB.databases();
  if (!databases.some((database) => database.name === DATABASE)) return false;
  return new Promise<boolean>((resolve) => {
    const open = indexedDB.open(DATABASE);
    open.onerror = () => resolve(true);
    open.onblocked = () => resolve(true);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(STORE)) {
        db.close();
        resolve(false);
        return;
      }
      const keys = db.transaction(STORE, 'readonly').objectStore(STORE).getAllKeys();
      keys.onsuccess = () => {
        db.close();
        resolve(keys.result.some((key) => typeof key === 'string' && key.startsWith(USER_KEY_PREFIX)));
      };
      keys.onerror = () => {
        db.close();
        resolve(true);
      };
    };
  });
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
