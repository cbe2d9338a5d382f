/**
 * Audit issue 12, item 7: the pool's timeouts. A query that cannot get a connection fails instead of waiting for
 * ever, a runaway statement is cancelled, a transaction left idle is ended, and migrations are exempt from the
 * statement limit (they may wait for another process's migration lock).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@snapnotes/testing/services';
import { createDatabase, migrateToLatest, type DatabaseHandle } from '../src/index.js';
import { silentLogger } from './helpers.js';

let testDb: TestDatabase;
const handles: DatabaseHandle[] = [];
const open = (opts: Partial<Parameters<typeof createDatabase>[0]> = {}) => {
  const h = createDatabase({ url: testDb.url, poolMax: 1, logger: silentLogger, ...opts });
  handles.push(h);
  return h;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(handles.map((h) => h.close()));
  await testDb?.drop();
});

describe('createDatabase timeouts', () => {
  it('fails a query that waits longer than connectionTimeoutMs for a pool connection', async () => {
    const { db } = open({ connectionTimeoutMs: 200 });
    let release!: () => void;
    const held = db.connection().execute(async (conn) => {
      await sql`select 1`.execute(conn);
      await new Promise<void>((r) => (release = r));
    });
    await sleep(50);
    const started = Date.now();
    await expect(sql`select 1`.execute(db)).rejects.toThrow(/timeout exceeded when trying to connect/);
    // About 0.2 s. Fails if the option is ignored (the 5 s default; pg's own default waits forever).
    expect(Date.now() - started).toBeLessThan(3000);
    release();
    await held;
    await expect(sql`select 1`.execute(db)).resolves.toBeDefined();
  });

  it('cancels a statement running longer than statementTimeoutMs, and the connection stays usable', async () => {
    const { db } = open({ statementTimeoutMs: 200 });
    await expect(sql`select pg_sleep(2)`.execute(db)).rejects.toThrow(/statement timeout/);
    const { rows } = await sql<{ ok: number }>`select 1 as ok`.execute(db);
    expect(rows).toEqual([{ ok: 1 }]);
  });

  it('ends a transaction left idle longer than idleInTransactionTimeoutMs', async () => {
    const { db } = open({ idleInTransactionTimeoutMs: 200 });
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await sleep(600); // waiting on something else with the transaction open
        await sql`select 1`.execute(trx);
      }),
    ).rejects.toThrow(/idle-in-transaction|terminat|connection/i);
    // The process did not crash on the ended session, and the pool replaced the broken connection.
    const { rows } = await sql<{ ok: number }>`select 1 as ok`.execute(db);
    expect(rows).toEqual([{ ok: 1 }]);
  });

  it('refuses a negative timeout', () => {
    expect(() => open({ statementTimeoutMs: -1 })).toThrow(/statementTimeoutMs/);
  });

  it('lets migrations wait for the migration lock past the statement limit, and gives the limit back', async () => {
    const blocker = open({ statementTimeoutMs: 0 });
    const { db } = open({ statementTimeoutMs: 100 });
    let release!: () => void;
    const locked = new Promise<void>((r) => (release = r));
    const holding = blocker.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(8317692697316914277::bigint)`.execute(conn);
      await locked;
      await sql`select pg_advisory_unlock(8317692697316914277::bigint)`.execute(conn);
    });
    await sleep(50);
    const migrating = migrateToLatest(db);
    await sleep(400); // four times the statement limit
    release();
    await holding;
    expect((await migrating).length).toBeGreaterThan(0);
    await expect(sql`select pg_sleep(1)`.execute(db)).rejects.toThrow(/statement timeout/);
  });
});
