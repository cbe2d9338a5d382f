// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { TITLE_DRAFT_PREFIX } from './constants.js';
import { wipeOfflineCache } from './offline-cache.js';

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
