import { describe, expect, it } from 'vitest';
import { hasOpsToken, opsAccess, opsRefusal } from '../src/ops-access.js';

describe('operations endpoints access', () => {
  it('is open in development, closed in production, and token-only once a token is set', () => {
    expect(opsAccess({ NODE_ENV: 'development' })).toBe('open');
    expect(opsAccess({ NODE_ENV: 'test' })).toBe('open');
    expect(opsAccess({ NODE_ENV: 'production' })).toBe('closed');
    expect(opsAccess({ NODE_ENV: 'production', OPS_TOKEN: 's3cret-token' })).toBe('token');
    expect(opsAccess({ NODE_ENV: 'development', OPS_TOKEN: 's3cret-token' })).toBe('token');
  });

  it('answers 404 in production without a token, 401 without the right bearer, nothing with it', () => {
    expect(opsRefusal({ NODE_ENV: 'production' }, 'Bearer anything')?.status).toBe(404);
    const cfg = { NODE_ENV: 'production', OPS_TOKEN: 's3cret-token' };
    expect(opsRefusal(cfg, undefined)?.status).toBe(401);
    expect(opsRefusal(cfg, 'Bearer s3cret-tokeN')?.status).toBe(401);
    expect(opsRefusal(cfg, 'Bearer s3cret-token-and-more')?.status).toBe(401);
    expect(opsRefusal(cfg, 's3cret-token')?.status).toBe(401);
    expect(opsRefusal(cfg, 'Bearer s3cret-token')).toBeNull();
    expect(opsRefusal({ NODE_ENV: 'development' }, undefined)).toBeNull();
  });

  it('compares the token whole', () => {
    expect(hasOpsToken('Bearer abc', 'abc')).toBe(true);
    expect(hasOpsToken('Bearer ab', 'abc')).toBe(false);
    expect(hasOpsToken('bearer abc', 'abc')).toBe(false);
  });
});

describe("a worker's health server", () => {
  it('hides readiness errors and guards /metrics like the gateway', async () => {
    const { healthServer } = await import('../src/worker.js');
    const { createMetrics } = await import('../src/metrics.js');
    const pino = (await import('pino')).default;
    const server = healthServer({
      readiness: {
        redis: async () => {
          throw new Error('connect ECONNREFUSED 10.9.8.7:6379');
        },
      },
      metrics: createMetrics({ service: 'ocr' }),
      state: { draining: false },
      logger: pino({ level: 'silent' }),
      access: { NODE_ENV: 'production' },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(503);
      const body = await ready.text();
      expect(JSON.parse(body)).toEqual({ status: 'not ready', checks: { redis: 'unavailable' } });
      expect(body).not.toContain('10.9.8.7');
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
