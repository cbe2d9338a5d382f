/**
 * The correlation id of the work in hand, carried through async calls (AsyncLocalStorage). The gateway enters it
 * for each HTTP request (the request id), a stage worker for each job (the upload's correlationId); the logger
 * from createLogger adds it to every line written inside, so a library or adapter that logs without knowing the
 * upload still names it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface LogContext {
  correlationId?: string;
  uploadId?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `fn` with `context` merged over the current one. */
export function withLogContext<T>(context: LogContext, fn: () => T): T {
  return storage.run({ ...storage.getStore(), ...context }, fn);
}

export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}
