import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { describe, expect, it } from 'vitest';
import { registerMiscRoutes } from '../src/routes/misc.js';

describe('POST /share-target without a service worker', () => {
  it('opens the app with a message, without reading or keeping the shared files', async () => {
    const app = Fastify({ logger: false });
    await app.register(multipart);
    app.decorate('deps', { readiness: {} } as never);
    registerMiscRoutes(app, { consume: async () => {}, close: async () => {} });
    const boundary = '----snapnotes-share';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="images"; filename="shot.png"',
      'Content-Type: image/png',
      '',
      'not really a png',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await app.inject({
      method: 'POST',
      url: '/share-target',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/app?share=unavailable');
    await app.close();
  });
});
