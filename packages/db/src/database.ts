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
  /**
   * How long a query waits for a pool connection (all busy, or a new one connecting) before it fails. Without it a
   * pool held by slow work makes every other query wait forever. Default 5000 ms; 0 = wait forever.
   */
  connectionTimeoutMs?: number;
  /**
   * Server-side limit on one statement (`statement_timeout`): the server cancels it and the query fails, the
   * connection stays usable. Default 30000 ms; 0 = none. Migrations lift it for their own session (migrate.ts).
   * There is deliberately no client-side `query_timeout`: pg gives up on the reply but leaves the query running on
   * the connection, which goes back to the pool still busy; the server-side limit ends the statement itself.
   */
  statementTimeoutMs?: number;
  /**
   * `idle_in_transaction_session_timeout`: the server ends a session that sits inside a transaction without a
   * statement for this long, so code that waits on something else mid-transaction cannot pin a connection (and its
   * locks) for good. Default 30000 ms; 0 = none.
   */
  idleInTransactionTimeoutMs?: number;
}

/** Defaults of the DatabaseOptions timeouts (also DATABASE_*_TIMEOUT_MS in @snapnotes/config). */
const DATABASE_TIMEOUT_DEFAULTS = {
  connectionTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 30_000,
} as const;

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
  const timeout = (name: keyof typeof DATABASE_TIMEOUT_DEFAULTS) => {
    const v = opts[name] ?? DATABASE_TIMEOUT_DEFAULTS[name];
    if (!Number.isInteger(v) || v < 0) throw new Error(`Database ${name} must be a whole number of ms >= 0 (got ${v})`);
    return v;
  };
  // 0 means "none" for both pg and PostgreSQL; the two server settings are sent as startup parameters.
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolMax,
    connectionTimeoutMillis: timeout('connectionTimeoutMs'),
    statement_timeout: timeout('statementTimeoutMs'),
    idle_in_transaction_session_timeout: timeout('idleInTransactionTimeoutMs'),
  });
  // An idle client losing its connection emits 'error' on the pool; without a listener Node would crash.
  pool.on('error', (err) => logger.warn({ err: err.message }, 'idle database connection failed'));
  // So does a checked-out client between two statements (e.g. the server ending a transaction left idle): its next
  // query fails instead, and the pool drops the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (err) => logger.warn({ err: err.message }, 'database connection failed'));
  });

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
