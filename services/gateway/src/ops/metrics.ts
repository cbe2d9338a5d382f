/** Prometheus on the gateway: request durations per route template, queue depth, process metrics at /metrics. */
import type { FastifyInstance } from 'fastify';
import { METRICS_CONTENT_TYPE, type Metrics } from '@snapnotes/runtime';
import { opsGuard } from './guard.js';

export function registerHttpMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  config: { NODE_ENV: string; OPS_TOKEN?: string },
): void {
  app.addHook('onResponse', async (req, reply) => {
    metrics.httpDuration.observe(
      {
        method: req.method,
        // The route template keeps the label set small; anything unmatched shares one label.
        route: req.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { onRequest: opsGuard(config) }, async (_req, reply) => {
    reply.header('content-type', METRICS_CONTENT_TYPE);
    return metrics.render();
  });
}
