import { Writable } from 'node:stream';
import type { Logger } from '@snapnotes/contracts';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  obj: object | string;
  msg?: string;
  bindings: Record<string, unknown>;
}

/** A Logger that records entries in memory, so tests can assert what was logged (and how often). */
export function recordingLogger(
  entries: LogEntry[] = [],
  bindings: Record<string, unknown> = {},
): Logger & {
  entries: LogEntry[];
} {
  const log =
    (level: LogEntry['level']) =>
    (obj: object | string, msg?: string): void => {
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

export function messages(entries: LogEntry[], level: LogEntry['level']): string[] {
  return entries.filter((e) => e.level === level).map((e) => e.msg ?? (typeof e.obj === 'string' ? e.obj : ''));
}

/** A stream for a real (pino) logger's `destination` that keeps each line it is written, in order. */
export function lineSink(lines: string[] = []): { destination: Writable; lines: string[] } {
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { destination, lines };
}
