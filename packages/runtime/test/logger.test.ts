import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACT_PATHS } from '../src/logger.js';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = pino({ level: 'info', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, stream);
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
