import { Migrator, sql, type Kysely, type MigrationResult } from 'kysely';
import type { Logger } from '@snapnotes/contracts';
import { migrationProvider } from './migrations/index.js';

/** Session-level advisory lock key held around the whole migration run ('snapnote' in ASCII). */
const MIGRATION_LOCK_KEY = '8317692697316914277';

export class MigrationError extends Error {
  readonly results: readonly MigrationResult[];
  constructor(message: string, results: readonly MigrationResult[], cause: unknown) {
    super(message, { cause });
    this.name = 'MigrationError';
    this.results = results;
  }
}

/**
 * Brings the schema up to date. Safe when several processes start at once: everything (including the
 * creation of Kysely's bookkeeping tables) runs on one connection under a Postgres advisory lock, so a
 * second process waits and then finds nothing to do. Returns the names of the migrations it applied.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema version
export async function migrateToLatest(db: Kysely<any>, logger?: Logger): Promise<string[]> {
  return db
    .withoutPlugins()
    .connection()
    .execute(async (conn) => {
      // No statement_timeout here (DatabaseOptions): neither a long migration nor the wait for another process's
      // migration lock may be cut short. RESET gives the pooled connection its configured limit back.
      await sql`set statement_timeout = 0`.execute(conn);
      await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY}::bigint)`.execute(conn);
      try {
        const migrator = new Migrator({ db: conn, provider: migrationProvider });
        const { error, results = [] } = await migrator.migrateToLatest();
        const applied = results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
        if (error) {
          const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
          const reason = error instanceof Error ? error.message : String(error);
          throw new MigrationError(`Database migration ${failed} failed: ${reason}`, results, error);
        }
        if (applied.length > 0) logger?.info({ applied }, 'database migrations applied');
        return applied;
      } finally {
        await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY}::bigint)`.execute(conn);
        await sql`reset statement_timeout`.execute(conn);
      }
    });
}
