import { describe, expect, it } from 'vitest';
import {
  closeUnlessAway,
  errorListener,
  isConnectionError,
  reconnectDelay,
  RECONNECT_MAX_DELAY_MS,
} from '../src/bullmq-connection.js';

describe('Redis connection handling', () => {
  it('reconnects quickly and keeps trying every half second at most', () => {
    expect([1, 2, 3].map(reconnectDelay)).toEqual([50, 100, 150]);
    expect(reconnectDelay(1000)).toBe(RECONNECT_MAX_DELAY_MS);
    expect(RECONNECT_MAX_DELAY_MS).toBeLessThanOrEqual(500);
  });

  it('tells an unreachable Redis from an error Redis answered with', () => {
    expect(isConnectionError(new Error('Reached the max retries per request limit (which is 3).'))).toBe(true);
    expect(
      isConnectionError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6390'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isConnectionError(new Error('Connection is closed.'))).toBe(true);
    // A frozen Redis: a command timed out, or the heartbeat dropped the connection (redis-client.ts).
    expect(isConnectionError(new Error('Command timed out'))).toBe(true);
    expect(isConnectionError(new Error('Redis did not answer a PING within 2000 ms'))).toBe(true);
    expect(isConnectionError(new Error('Missing lock for job 1. moveToFinished'))).toBe(false);
    expect(isConnectionError(new Error('ERR wrong number of arguments'))).toBe(false);
  });

  it('logs an outage once, not every reconnect attempt, and every other error as it comes', () => {
    const lines: Array<[object, string]> = [];
    const listener = errorListener((fields, msg) => lines.push([fields, msg]), 'worker error', { stage: 'ocr' });
    for (let i = 0; i < 20; i++) listener(new Error('connect ECONNREFUSED 127.0.0.1:6390'));
    listener(new Error('Missing lock for job 7'));
    expect(lines).toEqual([
      [{ stage: 'ocr', err: 'connect ECONNREFUSED 127.0.0.1:6390' }, 'worker error'],
      [{ stage: 'ocr', err: 'Missing lock for job 7' }, 'worker error'],
    ]);
  });

  it('stops waiting for a graceful close once Redis has been away long enough', async () => {
    const never = new Promise<void>(() => {});
    const started = Date.now();
    await expect(closeUnlessAway(never, () => false, 200)).resolves.toBe('abandoned');
    // About 0.2 s. Fails if the 200 ms asked for is ignored (the 2 s default) or the close is waited for forever.
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(closeUnlessAway(Promise.resolve(), () => false, 200)).resolves.toBe('closed');
  });
});
