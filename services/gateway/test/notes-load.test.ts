import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { SearchTimeoutError } from '@snapnotes/db';
import { notesLoadLimits } from '../src/load-limits.js';
import { searchTimedOut } from '../src/routes/notes-load.js';

describe('notesLoadLimits', () => {
  it('lets a user run 3 searches at once and everyone half the database pool', () => {
    const { searches } = notesLoadLimits(10);
    const held = [1, 2, 3].map(() => searches.acquire('flooder'));
    const own = (() => {
      try {
        searches.acquire('flooder');
      } catch (err) {
        return err as { statusCode: number; code: string; headers: Record<string, string> };
      }
    })();
    expect([own?.statusCode, own?.code, own?.headers]).toEqual([429, 'SEARCHES_IN_PROGRESS', { 'retry-after': '1' }]);
    held.push(searches.acquire('other'), searches.acquire('other'));
    expect(() => searches.acquire('third')).toThrow(expect.objectContaining({ statusCode: 503, code: 'SERVER_BUSY' }));
    held.forEach((release) => release());
    expect(() => searches.acquire('third')).not.toThrow();
  });

  it('sends one unpaged list per user at a time', () => {
    const { fullLists } = notesLoadLimits(10);
    fullLists.acquire('a');
    expect(() => fullLists.acquire('a')).toThrow(
      expect.objectContaining({ statusCode: 429, code: 'NOTES_LIST_IN_PROGRESS', headers: { 'retry-after': '2' } }),
    );
    expect(() => fullLists.acquire('b')).not.toThrow();
  });
});

describe('searchTimedOut', () => {
  it('answers a search its statement timeout stopped with a 503 SEARCH_TIMEOUT and Retry-After, logged without the query', () => {
    const lines: unknown[] = [];
    const log = { warn: (...args: unknown[]) => lines.push(args) } as unknown as FastifyRequest['log'];
    const err = searchTimedOut(new SearchTimeoutError(2000, { cause: new Error('canceling statement') }), log, 7);
    expect([err.statusCode, err.headers]).toEqual([503, { 'retry-after': '5' }]);
    expect(err.body()).toEqual({
      error: 'SEARCH_TIMEOUT',
      message: 'This search took too long and was stopped. Try more specific words, or try again in a moment.',
    });
    expect(lines).toEqual([[{ userId: 7, timeoutMs: 2000 }, 'search stopped by its statement timeout']]);
  });
});
