import type { Logger } from '@snapnotes/contracts';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  obj: object | string;
  msg?: string;
}

/** A Logger that records entries, so tests can check what was logged (and that no text leaked into logs). */
export function recordingLogger(entries: LogEntry[] = []): Logger & { entries: LogEntry[] } {
  const make = (bindings: Record<string, unknown>): Logger & { entries: LogEntry[] } => {
    const at =
      (level: LogEntry['level']) =>
      (obj: object | string, msg?: string): void => {
        entries.push({ level, obj: typeof obj === 'string' ? obj : { ...bindings, ...obj }, msg });
      };
    return {
      entries,
      debug: at('debug'),
      info: at('info'),
      warn: at('warn'),
      error: at('error'),
      child: (more) => make({ ...bindings, ...more }),
    };
  };
  return make({});
}
