/**
 * The OpenAPI 3.1 description of the gateway (@fastify/swagger) and its browser view at /docs
 * (@fastify/swagger-ui; the document itself at /docs/json and /docs/yaml). Must be registered before the routes:
 * it collects them as they are added.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { opsGuard } from './guard.js';
import { isUndocumentedRoute, ROUTE_DOCS } from './openapi-routes.js';

export async function registerApiDocs(
  app: FastifyInstance,
  opts: { publicUrl: string; config: { NODE_ENV: string; OPS_TOKEN?: string } },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SnapNotes API',
        version: '1.0.0',
        description:
          'Screenshots → OCR → AI summary → notes. Every /api route except public-config, feedback and the Stripe ' +
          'webhook needs a Firebase ID token as `Authorization: Bearer <token>`. Errors carry `{ error, message }`.',
      },
      servers: [{ url: opts.publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token (JWT)' },
        },
      },
      tags: [
        { name: 'notes', description: 'Uploads and notes' },
        { name: 'imports', description: 'Bulk import of many screenshots and zips' },
        { name: 'users', description: 'The signed-in user' },
        { name: 'subscription', description: 'Premium (Stripe)' },
        { name: 'app', description: 'Public settings and feedback' },
        { name: 'operations', description: 'Health, readiness, metrics, queue dashboard' },
      ],
    },
    // Documentation only: the routes keep validating with their own zod schemas.
    transform: ({ schema, url, route }) => {
      if (isUndocumentedRoute(url)) return { schema: { ...schema, hide: true } as FastifySchema, url };
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const doc = methods.map((m) => ROUTE_DOCS[`${m} ${url}`]).find(Boolean);
      if (!doc) return { schema, url };
      return { schema: { ...schema, ...doc } as FastifySchema, url };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    uiHooks: { onRequest: opsGuard(opts.config) },
  });
}
