import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
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

/** The path of a request URL: the query string (search text, ids, tokens in links) never reaches a log line. */
export function pathOnly(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}

/** What HTTP request and reply lines say about a request: method and path, never the query or the headers. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export const requestSerializers = {
  req(req: LoggedRequest) {
    return {
      method: req.method,
      url: pathOnly(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};

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
 * production. Redaction applies before either. Request lines name the path only (`requestSerializers`: Fastify
 * takes a logger's own serializers over its defaults), so search text in `?q=` is never written.
 * `destination` (tests) receives the JSON lines instead of stdout.
 */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL' | 'SERVICE_ROLE'> & { NODE_ENV?: Config['NODE_ENV'] },
  name?: string,
  opts: { pretty?: boolean; destination?: DestinationStream } = {},
): PinoLogger {
  const pretty =
    !opts.destination && (opts.pretty ?? (Boolean(process.stdout.isTTY) && config.NODE_ENV !== 'production'));
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    name: name ?? `snapnotes-${config.SERVICE_ROLE}`,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: pino.stdSerializers.err, ...requestSerializers },
    mixin: logContextMixin,
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
  return opts.destination ? pino(options, opts.destination) : pino(options);
}

/**
 * Process warnings (`process.emitWarning`: deprecations, the AWS SDK's notice that its 2027 releases need Node 22…)
 * as one JSON log line each, instead of Node's multi-line text on stderr: a service writes nothing but JSON lines.
 * Replaces Node's own printer (the default 'warning' listener); call once, at start.
 */
export function logProcessWarnings(logger: PinoLogger): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning: Error & { code?: string }) => {
    const text = warning.message.replace(/\s*\n\s*/g, ' ').trim();
    logger.warn({ warning: warning.name, code: warning.code }, text);
  });
}
