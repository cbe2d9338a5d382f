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

/**
 * Writes are spaced by at least this much (TanStack saves on every cache event: a list loading fires many). The first
 * change after a quiet spell is written at once, so a deletion or an edit is kept even when the page is reloaded or
 * closed right after it; the changes that follow within the interval are written together at its end.
 */
export const WRITE_INTERVAL_MS = 1000;

/** An interval running after a write, by key, with the newest state not yet written (if any). */
const waiting = new Map<string, { client: PersistedClient | undefined; timer: ReturnType<typeof setTimeout> }>();

function write(key: string, client: PersistedClient): void {
  void set(key, client, cacheStore()).catch(() => {});
}

/** Writes at once what is waiting for the end of its interval (the page is going away). */
function flushWaiting(): void {
  for (const [key, entry] of waiting) {
    clearTimeout(entry.timer);
    if (entry.client) write(key, entry.client);
  }
  waiting.clear();
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', flushWaiting);

/** The persister of one user's cache. */
export function userCachePersister(userId: number): Persister {
  const key = keyFor(userId);
  const startInterval = () => {
    const timer = setTimeout(() => {
      const latest = waiting.get(key)?.client;
      waiting.delete(key);
      if (latest) {
        write(key, latest);
        startInterval();
      }
    }, WRITE_INTERVAL_MS);
    waiting.set(key, { client: undefined, timer });
  };
  return {
    persistClient: (client: PersistedClient) => {
      const pending = waiting.get(key);
      if (pending) {
        pending.client = client; // the interval's end writes the newest state
        return;
      }
      write(key, client);
      startInterval();
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
