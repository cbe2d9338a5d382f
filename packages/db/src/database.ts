import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Logger } from '@snapnotes/contracts';
import type { Database } from './schema.js';

export interface DatabaseOptions {
  /** postgres://user:password@host:port/database */
  url: string;
  poolMax: number;
  logger: Logger;
  /** Queries slower than this are logged at warn level. Default 1000 ms. */
  slowQueryMs?: number;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** Round trip to the server, for health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Describes a connection string without its password, for logs and errors. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<unparseable database url>';
  }
}

export function createDatabase(opts: DatabaseOptions): DatabaseHandle {
  if (!opts.url || !/^postgres(ql)?:\/\//.test(opts.url)) {
    throw new Error(`Database url must start with postgres:// or postgresql:// (got ${redactUrl(opts.url ?? '')})`);
  }
  if (!Number.isInteger(opts.poolMax) || opts.poolMax < 1) {
    throw new Error(`Database poolMax must be a positive integer (got ${opts.poolMax})`);
  }
  const logger = opts.logger.child({ component: 'db' });
  const slowQueryMs = opts.slowQueryMs ?? 1000;
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolMax });
  // An idle client losing its connection emits 'error' on the pool; without a listener Node would crash.
  pool.on('error', (err) => logger.warn({ err: err.message }, 'idle database connection failed'));

  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
    log(event) {
      // Parameters are user content: only the SQL text is logged.
      if (event.level === 'error') {
        const err = event.error instanceof Error ? event.error.message : String(event.error);
        logger.debug({ sql: event.query.sql, durationMs: Math.round(event.queryDurationMillis), err }, 'query failed');
      } else if (event.queryDurationMillis >= slowQueryMs) {
        logger.warn({ sql: event.query.sql, durationMs: Math.round(event.queryDurationMillis) }, 'slow query');
      }
    },
  });

  let closing: Promise<void> | undefined;
  return {
    db,
    async ping() {
      await sql`select 1`.execute(db);
    },
    close() {
      closing ??= db.destroy();
      return closing;
    },
  };
}
