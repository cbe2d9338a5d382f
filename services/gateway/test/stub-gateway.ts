/**
 * The gateway as buildApp makes it, with every outside dependency stubbed: enough for headers, static files,
 * compression and request.ip (security-headers.test.ts, compression.test.ts).
 */
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '@snapnotes/config';
import { buildApp } from '../src/app.js';
import type { GatewayDeps } from '../src/deps.js';

export function stubGateway(webDir: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const deps = {
    config: loadConfig({ WEB_DIST_DIR: webDir, LOG_LEVEL: 'silent', ...env }),
    logger: pino({ level: 'silent' }),
    repos: {},
    store: {},
    pipeline: { counts: async () => ({}) },
    verifier: null,
    readiness: {},
  } as unknown as GatewayDeps;
  return buildApp(deps);
}
