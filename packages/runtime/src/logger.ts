import pino, { type Logger as PinoLogger } from 'pino';
import type { Config } from '@snapnotes/config';

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

export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'SERVICE_ROLE'>, name?: string): PinoLogger {
  return pino({
    level: config.LOG_LEVEL,
    name: name ?? `snapnotes-${config.SERVICE_ROLE}`,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: pino.stdSerializers.err },
  });
}
