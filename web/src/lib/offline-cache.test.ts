// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { TITLE_DRAFT_PREFIX } from './constants.js';
import { userCachePersister, wipeOfflineCache, WRITE_INTERVAL_MS } from './offline-cache.js';

afterEach(() => sessionStorage.clear());

describe('wipeOfflineCache', () => {
  it("removes this tab's unsaved note titles at sign-out and leaves the tab's other keys", async () => {
    sessionStorage.setItem(`${TITLE_DRAFT_PREFIX}7`, 'Typed offline');
    sessionStorage.setItem(`${TITLE_DRAFT_PREFIX}12`, 'Another');
    sessionStorage.setItem('unrelated', 'kept');
    // jsdom has no IndexedDB: the cache store's part may fail here, the titles must be gone either way.
    await wipeOfflineCache().catch(() => undefined);
    expect(Object.keys(sessionStorage)).toEqual(['unrelated']);
  });
});

describe('userCachePersister', () => {
  const state = (n: number): PersistedClient => ({
    timestamp: n,
    buster: '',
    clientState: { queries: [], mutations: [] },
  });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** What a new page load would restore. */
  const kept = async (userId: number) => (await userCachePersister(userId).restoreClient())?.timestamp;

  afterEach(() => wipeOfflineCache());

  it('writes the first change at once and the ones that follow together at the end of the interval', async () => {
    const persister = userCachePersister(1);
    await persister.persistClient(state(1));
    await sleep(50);
    expect(await kept(1)).toBe(1);
    await persister.persistClient(state(2));
    await persister.persistClient(state(3));
    await sleep(50);
    expect(await kept(1)).toBe(1);
    await sleep(WRITE_INTERVAL_MS);
    expect(await kept(1)).toBe(3);
  });

  it('writes what is waiting when the page goes away (a reload right after deleting a note)', async () => {
    const persister = userCachePersister(2);
    await persister.persistClient(state(1));
    await persister.persistClient(state(2)); // e.g. the list without the deleted note
    window.dispatchEvent(new Event('pagehide'));
    await sleep(50);
    expect(await kept(2)).toBe(2);
  });
});
