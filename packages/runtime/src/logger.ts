import pino, { type Logger as PinoLogger } from 'pino';
import type { Config } from '@snapnotes/config';
import { currentLogContext } from './log-context.js';

/** Paths that may carry secrets or tokens; pino replaces them before anything is written. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  'idToken',
  'token',
  'apiKey',
  'password',
  'secret',
  '*.idToken',
  '*.token',
  '*.apiKey',
  '*.password',
  '*.secret',
];

/**
 * The fields of the current log context (log-context.ts) that neither the call nor the logger's bindings carry
 * already: every line written while handling a request or a job names its correlation id once.
 */
export function logContextMixin(mergeObject: object, _level: number, logger: PinoLogger): object {
  const context = currentLogContext();
  if (!context) return {};
  let bound: Record<string, unknown> | undefined;
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(context)) {
    if (value === undefined || key in mergeObject) continue;
    bound ??= logger.bindings();
    if (!(key in bound)) extra[key] = value as string;
  }
  return extra;
}

/**
 * JSON lines for machines (containers, log shippers); readable lines when a person runs it in a terminal outside
 * production. Redaction applies before either.
 */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL' | 'SERVICE_ROLE'> & { NODE_ENV?: Config['NODE_ENV'] },
  name?: string,
  opts: { pretty?: boolean } = {},
): PinoLogger {
  const pretty = opts.pretty ?? (Boolean(process.stdout.isTTY) && config.NODE_ENV !== 'production');
  return pino({
    level: config.LOG_LEVEL,
    name: name ?? `snapnotes-${config.SERVICE_ROLE}`,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: pino.stdSerializers.err },
    mixin: logContextMixin,
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}
