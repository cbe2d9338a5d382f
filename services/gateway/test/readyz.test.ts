import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerMiscRoutes } from '../src/routes/misc.js';

describe('/readyz', () => {
  it('names the dependency that does not answer, never its error text (hosts, ports)', async () => {
    const app = Fastify({ logger: false });
    app.decorate('deps', {
      readiness: {
        database: async () => {},
        s3: async () => {
          throw new Error('connect ECONNREFUSED 10.1.2.3:9000');
        },
      },
    } as never);
    registerMiscRoutes(app, { consume: async () => {}, close: async () => {} });
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', checks: { database: 'ok', s3: 'unavailable' } });
    expect(res.body).not.toContain('10.1.2.3');
    await app.close();
  });
});
