import type { Logger } from '@snapnotes/contracts';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  obj: object | string;
  msg?: string;
  bindings: Record<string, unknown>;
}

/** A Logger that keeps its entries, so tests can assert what was logged (and what was not). */
export function recordingLogger(
  entries: LogEntry[] = [],
  bindings: Record<string, unknown> = {},
): Logger & { entries: LogEntry[] } {
  const log = (level: LogEntry['level']) => (obj: object | string, msg?: string) => {
    entries.push({ level, obj, msg, bindings });
  };
  return {
    entries,
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: (more) => recordingLogger(entries, { ...bindings, ...more }),
  };
}
