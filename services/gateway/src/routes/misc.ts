import type { FastifyInstance } from 'fastify';
import { ErrorCode, feedbackBodySchema } from '@snapnotes/contracts';
import { currentUser } from '../guards.js';
import { HttpError } from '../errors.js';
import type { PerUserLimiter } from '../per-user-limit.js';

/** `feedbackLimit`: the messages one account may send per window (createFeedbackRateLimiter). */
export function registerMiscRoutes(app: FastifyInstance, feedbackLimit: PerUserLimiter): void {
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

  /**
   * The web app's share target (web/pwa.config.ts) when no service worker took the POST (it was removed, or is being
   * replaced): the shared files cannot be kept for the browser here, so the app is opened with a message that
   * says so. The body is not read (no route of the app reads it without a session).
   */
  app.post('/share-target', { schema: { hide: true } }, async (_req, reply) =>
    reply.redirect('/app?share=unavailable', 303),
  );

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
   * Feedback is stored (DESIGN §7) and linked to the sender's account; with FEEDBACK_FORM_URL set it is forwarded to
   * that outside form service instead (JSON name, email, message), and its failure is the caller's. Sign-in is
   * required (401 without a token, 403 for an account not set up) and each account may send FEEDBACK_LIMIT messages
   * per FEEDBACK_WINDOW_SECONDS (429 with Retry-After): the form is a free write to our database and inbox otherwise.
   * The log says who sent feedback and its size, never its words or the sender's email.
   */
  app.post('/api/feedback', async (req, reply) => {
    const user = await currentUser(req);
    const body = feedbackBodySchema.parse(req.body ?? {});
    await feedbackLimit.consume(user.id);
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
      req.log.info({ userId: user.id, chars: body.message.length }, 'feedback forwarded');
      return reply.code(201).send({ success: true });
    }
    const saved = await app.deps.repos.feedback.create({ ...body, userId: user.id });
    req.log.info({ userId: user.id, feedbackId: saved.id, chars: body.message.length }, 'feedback stored');
    return reply.code(201).send({ success: true, id: saved.id });
  });
}
