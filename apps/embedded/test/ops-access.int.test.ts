/**
 * The operations endpoints of a running product with OPS_TOKEN set: /metrics and the OpenAPI document answer only to
 * the operations token (docs/DEPLOY.md); the API itself is unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

const TOKEN = 'ops-token-for-tests-0123456789';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ OPS_TOKEN: TOKEN });
});
afterAll(async () => {
  await app?.close();
});

const get = async (path: string, token?: string) => {
  const res = await fetch(app.url + path, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  await res.arrayBuffer();
  return res.status;
};

describe('operations endpoints behind OPS_TOKEN', () => {
  it('refuses /metrics and /docs without the token, and serves them with it', async () => {
    for (const path of ['/metrics', '/docs/json', '/docs/yaml']) {
      expect(await get(path), path).toBe(401);
      expect(await get(path, 'wrong-token'), path).toBe(401);
      expect(await get(path, TOKEN), path).toBe(200);
    }
  });

  it('leaves health, readiness and the public API open', async () => {
    expect(await get('/healthz')).toBe(200);
    expect(await get('/readyz')).toBe(200);
    expect(await get('/api/public-config')).toBe(200);
  });
});
