import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createCheckoutBodySchema,
  ErrorCode,
  verifySubscriptionBodySchema,
  type SubscriptionResponse,
} from '@snapnotes/contracts';
import { currentUser } from '../guards.js';
import {
  PAYMENTS_NOT_CONFIGURED_LOG,
  SUBSCRIPTION_UNAVAILABLE_MESSAGE,
  type BillingService,
} from '../billing/index.js';
import { HttpError } from '../errors.js';
import type { PerUserLimiter } from '../per-user-limit.js';

/** Where Stripe sends the browser back: PUBLIC_URL when set, else the origin this request came to. */
function originOf(req: FastifyRequest): string {
  const configured = req.server.deps.config.PUBLIC_URL;
  if (configured) return configured.replace(/\/$/, '');
  return `${req.protocol}://${req.host}`;
}

/**
 * Routes that read the caller's subscription (the subscription, the allowance, an upload's allowance check). Before
 * them, a stored subscription that was active but whose period has ended is re-read from Stripe, so a renewal shows
 * up even if its webhook never came (BillingService.refreshIfLapsed: bounded, and the stored state on failure).
 * Found by method and path, like REVOCATION_CHECKED_ROUTES: the app refuses to start if one of them is missing.
 */
export const SUBSCRIPTION_READING_ROUTES: ReadonlyArray<{ method: 'GET' | 'POST'; url: string }> = [
  { method: 'GET', url: '/api/user/:userId/subscription' },
  { method: 'GET', url: '/api/user/:userId/remaining-uploads' },
  { method: 'POST', url: '/api/process-screenshots' },
];

function readsSubscription(req: FastifyRequest): boolean {
  const { method, url } = req.routeOptions;
  const methods: string[] = Array.isArray(method) ? method : [method];
  return SUBSCRIPTION_READING_ROUTES.some((r) => r.url === url && methods.includes(r.method));
}

/** The service, or 503 SUBSCRIPTION_UNAVAILABLE with a sentence for the user; what to configure goes to the log. */
function requireBilling(billing: BillingService | null, req: FastifyRequest): BillingService {
  if (!billing) {
    req.log.warn({ route: req.routeOptions.url }, PAYMENTS_NOT_CONFIGURED_LOG);
    throw new HttpError(503, ErrorCode.SubscriptionUnavailable, SUBSCRIPTION_UNAVAILABLE_MESSAGE);
  }
  return billing;
}

/**
 * POST /api/create-checkout-session, POST /api/verify-subscription (SPEC §7) and POST /api/stripe/webhook.
 * Without Stripe keys and price ids (`billing` null) every one answers 503 SUBSCRIPTION_UNAVAILABLE "Payments aren't
 * available on this server yet." and logs what to configure. `verifyLimit`: the verifications one account may ask
 * for per window (billing/verify-limit.ts).
 */
export function registerBillingRoutes(
  app: FastifyInstance,
  billing: BillingService | null,
  verifyLimit: PerUserLimiter | null,
): void {
  const { repos } = app.deps;

  app.addHook('preHandler', async (req) => {
    if (!billing || !readsSubscription(req)) return;
    // The route itself answers a caller without a valid token or account (401/403): nothing to re-read then.
    const user = await currentUser(req).catch(() => null);
    if (user) await billing.refreshIfLapsed(user.id);
  });
  app.addHook('onReady', async () => {
    const missing = SUBSCRIPTION_READING_ROUTES.filter((r) => !app.hasRoute(r));
    if (missing.length > 0) {
      throw new Error(`SUBSCRIPTION_READING_ROUTES names routes that do not exist: ${JSON.stringify(missing)}`);
    }
  });

  app.post('/api/create-checkout-session', async (req) => {
    const user = await currentUser(req);
    const service = requireBilling(billing, req);
    const { planType } = createCheckoutBodySchema.parse(req.body ?? {});
    return service.createCheckoutSession(user, planType, originOf(req));
  });

  app.post('/api/verify-subscription', async (req) => {
    const user = await currentUser(req);
    const service = requireBilling(billing, req);
    await verifyLimit?.consume(user.id); // each call reads Stripe twice
    const { sessionId } = verifySubscriptionBodySchema.parse(req.body ?? {});
    const row = await service.verifyCheckoutSession(user, sessionId);
    const active = await repos.subscriptions.findActiveByUser(user.id, new Date());
    const body: SubscriptionResponse & { success: boolean } = {
      success: true,
      subscription: {
        status: row.status,
        plan: row.plan,
        currentPeriodEnd: row.currentPeriodEnd ? new Date(row.currentPeriodEnd).toISOString() : null,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      },
      hasActiveSubscription: Boolean(active),
    };
    return body;
  });

  // The webhook needs the exact bytes Stripe signed: in this scope only, every body is kept as a raw Buffer.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post('/api/stripe/webhook', async (req) => {
      const service = requireBilling(billing, req);
      if (!Buffer.isBuffer(req.body)) throw new HttpError(400, ErrorCode.BadRequest, 'Missing webhook body.');
      const signature = req.headers['stripe-signature'];
      const event = service.parseWebhook(req.body, typeof signature === 'string' ? signature : undefined);
      const outcome = await service.handleEvent(event);
      return { received: true, outcome };
    });
  });
}
