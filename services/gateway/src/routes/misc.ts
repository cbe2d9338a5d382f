import type { FastifyInstance } from 'fastify';
import { ErrorCode, feedbackBodySchema } from '@snapnotes/contracts';
import { authenticate } from '../guards.js';
import { HttpError } from '../errors.js';

export function registerMiscRoutes(app: FastifyInstance): void {
  app.get('/healthz', async () => ({ status: 'ok' }));

  /** Ready when every dependency answers; 503 names the ones that don't, without their error text. */
  app.get('/readyz', async (_req, reply) => {
    const entries = Object.entries(app.deps.readiness);
    const results = await Promise.all(
      entries.map(async ([name, check]) => {
        try {
          await Promise.race([
            check(),
            new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 3000)),
          ]);
          return [name, 'ok'] as const;
        } catch (err) {
          // The reason (hosts, ports, driver messages) goes to the log, not to whoever asks.
          app.log.warn({ dependency: name, err: (err as Error).message }, 'not ready');
          return [name, 'unavailable'] as const;
        }
      }),
    );
    const checks = Object.fromEntries(results);
    const ready = results.every(([, v]) => v === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });

  /** What the browser bundle needs at run time, so one build serves every deployment. */
  app.get('/api/public-config', async () => {
    const c = app.deps.config;
    const publicHost = new URL(c.publicUrl).host;
    const firebase =
      c.firebaseMode === 'none'
        ? null
        : {
            apiKey: c.FIREBASE_WEB_API_KEY ?? 'demo-api-key',
            authDomain: c.FIREBASE_AUTH_DOMAIN ?? publicHost,
            projectId: c.FIREBASE_PROJECT_ID ?? '',
            appId: c.FIREBASE_APP_ID ?? null,
            emulatorUrl: c.authEmulatorBrowserUrl,
          };
    return {
      firebase,
      gaMeasurementId: c.GA_MEASUREMENT_ID ?? null,
      freeUploadsPerMonth: c.FREE_UPLOADS_PER_MONTH,
      stripeEnabled: c.stripeEnabled,
    };
  });

  /**
   * Feedback is stored (DESIGN §7), linked to the sender's account when signed in; with FEEDBACK_FORM_URL set it is
   * forwarded to that outside form service instead (JSON name, email, message), and its failure is the caller's.
   */
  app.post('/api/feedback', async (req, reply) => {
    const body = feedbackBodySchema.parse(req.body ?? {});
    const formUrl = app.deps.config.FEEDBACK_FORM_URL;
    if (formUrl) {
      const res = await fetch(formUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      }).catch((err: unknown) => {
        req.log.error({ err, host: new URL(formUrl).host }, 'feedback service unreachable');
        return undefined;
      });
      if (!res?.ok) {
        if (res) req.log.error({ status: res.status, host: new URL(formUrl).host }, 'feedback service refused');
        throw new HttpError(502, ErrorCode.Internal, 'Failed to send feedback. Please try again later.');
      }
      return reply.code(201).send({ success: true });
    }
    let userId: number | null = null;
    if (req.headers.authorization && app.deps.verifier) {
      const identity = await authenticate(req).catch(() => undefined);
      if (identity) userId = (await app.deps.repos.users.findByFirebaseUid(identity.uid))?.id ?? null;
    }
    const saved = await app.deps.repos.feedback.create({ ...body, userId });
    return reply.code(201).send({ success: true, id: saved.id });
  });
}
