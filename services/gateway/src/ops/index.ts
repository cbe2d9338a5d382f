/**
 * Operations on the gateway, registered by buildApp with one call before the routes:
 *   - a clean drain: once closing, replies close their connection (keep-alive would hold the process open);
 *   - the correlation id: each request runs in a log context holding its id (the `x-request-id` header when the
 *     caller gives a valid one), so every log line written while serving it names it (runtime/log-context.ts);
 *   - Prometheus metrics at /metrics (request durations, queue depth, process metrics; stage timings too in the
 *     embedded start, which passes its shared registry in GatewayDeps.metrics);
 *   - the OpenAPI description at /docs;
 *   - the queue dashboard at /admin/queues (admins only, when REDIS_URL is set).
 */
import type { FastifyInstance } from 'fastify';
import { createMetrics, withLogContext, type Metrics } from '@snapnotes/runtime';
import type { GatewayDeps } from '../deps.js';
import { registerAdmin } from './admin.js';
import { registerApiDocs } from './docs.js';
import { registerHttpMetrics } from './metrics.js';

export { ADMIN_COOKIE, ADMIN_COOKIE_PATH, DASHBOARD_PATH, adminCookieOptions, registerAdmin } from './admin.js';
export { ROUTE_DOCS, isUndocumentedRoute } from './openapi-routes.js';

export async function registerOps(app: FastifyInstance, deps: GatewayDeps): Promise<Metrics> {
  app.addHook('onRequest', (req, _reply, done) => withLogContext({ correlationId: req.id }, done));
  // Draining (SIGTERM → app.close()): the uploads held open still get their replies, each on a connection that then
  // closes, so the server is not kept alive by idle keep-alive sockets until their timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const metrics = deps.metrics ?? createMetrics({ service: 'gateway' });
  metrics.setQueueCounts(() => deps.pipeline.counts());
  // First: it describes the routes added after it.
  await registerApiDocs(app, { publicUrl: deps.config.publicUrl, config: deps.config });
  registerHttpMetrics(app, metrics, deps.config);
  await registerAdmin(app, deps);
  return metrics;
}
