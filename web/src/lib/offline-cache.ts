/**
 * Where the query cache is kept between visits (issue 15, offline reading): IndexedDB, through idb-keyval, one entry
 * per signed-in user, so the notes already loaded can be read with no network. Structured clone, not JSON: a note
 * image's thumbnail (a Blob) is kept as it is. Every entry is wiped when a user signs out or deletes the account,
 * so nothing of theirs stays on the device.
 */
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { TITLE_DRAFT_PREFIX } from './constants.js';

let store: UseStore | undefined;
function cacheStore(): UseStore {
  store ??= createStore('snapnotes-cache', 'query-cache');
  return store;
}

const keyFor = (userId: number) => `user-${userId}`;

/** The cache is written at most this often (TanStack saves on every cache event: a list loading fires many). */
export const WRITE_INTERVAL_MS = 1000;

/** Writes waiting for their turn, by key: the latest state of each user's cache. */
const waiting = new Map<string, { client: PersistedClient; timer: ReturnType<typeof setTimeout> }>();

/** The persister of one user's cache. */
export function userCachePersister(userId: number): Persister {
  const key = keyFor(userId);
  return {
    persistClient: (client: PersistedClient) => {
      const pending = waiting.get(key);
      if (pending) {
        pending.client = client; // the timer writes the newest state
        return;
      }
      const timer = setTimeout(() => {
        const latest = waiting.get(key);
        waiting.delete(key);
        if (latest) void set(key, latest.client, cacheStore()).catch(() => {});
      }, WRITE_INTERVAL_MS);
      waiting.set(key, { client, timer });
    },
    restoreClient: () => get<PersistedClient>(key, cacheStore()),
    removeClient: () => del(key, cacheStore()),
  };
}

/**
 * Removes every user's kept cache from this device, the writes still waiting and this tab's unsaved note titles
 * (sign-out, account deletion).
 */
export async function wipeOfflineCache(): Promise<void> {
  for (const { timer } of waiting.values()) clearTimeout(timer);
  waiting.clear();
  try {
    for (const key of Object.keys(sessionStorage))
      if (key.startsWith(TITLE_DRAFT_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // No sessionStorage (blocked): nothing was kept there either.
  }
  await clear(cacheStore());
}
