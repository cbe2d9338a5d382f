import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lineSink } from '@snapnotes/testing/logger';
import { REDACT_PATHS, createLogger, pathOnly } from '../src/logger.js';

function capture() {
  const { destination, lines } = lineSink();
  const logger = pino({ level: 'info', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination);
  return { logger, text: () => lines.join('') };
}

describe('log redaction', () => {
  it('never writes bearer tokens, ID tokens or keys', () => {
    const { logger, text } = capture();
    const secret = 'eyJhbGciOiJSUzI1NiJ9.secret-token.sig';
    logger.info({ req: { headers: { authorization: `Bearer ${secret}`, cookie: `session=${secret}` } } }, 'incoming');
    logger.info({ idToken: secret, user: { token: secret }, openai: { apiKey: secret } }, 'auth');
    logger.error({ authorization: `Bearer ${secret}`, config: { secret } }, 'failed');
    expect(text()).not.toContain(secret);
    expect(text()).toContain('[redacted]');
    expect(text()).toContain('incoming');
  });
});

describe('request lines', () => {
  function captureLogger(level: 'info' | 'debug' = 'info') {
    const { destination, lines } = lineSink();
    const logger = createLogger({ LOG_LEVEL: level, SERVICE_ROLE: 'gateway' }, 'test', { destination });
    return { logger, text: () => lines.join('') };
  }

  it('name the path of a request, never its query string (search text) or its headers', () => {
    const { logger, text } = captureLogger();
    const req = {
      method: 'GET',
      url: '/api/notes/7?q=quokka%20diary&page=2',
      host: '127.0.0.1:8080',
      ip: '127.0.0.1',
      socket: { remotePort: 51234 },
      headers: { authorization: 'Bearer eyJ.secret.sig', cookie: 'a=b' },
      query: { q: 'quokka diary' },
    };
    logger.info({ req }, 'incoming request');
    const line = JSON.parse(text()) as { req: Record<string, unknown> };
    expect(line.req).toEqual({
      method: 'GET',
      url: '/api/notes/7',
      host: '127.0.0.1:8080',
      remoteAddress: '127.0.0.1',
      remotePort: 51234,
    });
    expect(text()).not.toMatch(/quokka|eyJ|page=2/);
  });

  it('keep a path without a query as it is', () => {
    expect(pathOnly('/api/feedback')).toBe('/api/feedback');
    expect(pathOnly('/api/notes/1?')).toBe('/api/notes/1');
    expect(pathOnly('/a#frag')).toBe('/a');
    expect(pathOnly(undefined)).toBeUndefined();
  });
});
