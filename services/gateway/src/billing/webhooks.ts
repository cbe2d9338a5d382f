/**
 * POST /api/stripe/webhook (DECISIONS "Plans and payments"): the signature is checked over the raw body, each event
 * id is processed once, and the event is only a pointer: the subscription it names is re-read from Stripe and
 * stored as Stripe has it now (SubscriptionSync), which makes late and out-of-order events harmless.
 */
import type Stripe from 'stripe';
import { ErrorCode } from '@snapnotes/contracts';
import { HttpError } from '../errors.js';
import { idOf } from './stripe-errors.js';
import type { BillingServiceDeps, SubscriptionSync } from './sync.js';

/** Events the webhook acts on; everything else is acknowledged and ignored. */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
  'invoice.paid',
] as const;

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

export class StripeWebhooks {
  constructor(
    private readonly stripe: Stripe,
    private readonly deps: BillingServiceDeps,
    private readonly sync: SubscriptionSync,
  ) {}

  /** Checks the signature over the RAW body; a bad or missing one is a 400. */
  parse(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    const secret = this.deps.config.STRIPE_WEBHOOK_SECRET;
    if (!secret) {
      throw new HttpError(503, ErrorCode.SubscriptionUnavailable, 'Stripe webhooks are not configured on this server.');
    }
    if (!signature) throw new HttpError(400, ErrorCode.BadRequest, 'Missing Stripe-Signature header.');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch (err) {
      this.deps.logger.warn({ err: (err as Error).message.split('\n')[0] }, 'stripe webhook with a bad signature');
      throw new HttpError(400, ErrorCode.BadRequest, 'Invalid Stripe signature.');
    }
  }

  /**
   * Processes an event once: its id is recorded first, and forgotten again if processing fails (so Stripe's retry
   * is processed).
   */
  async handle(event: Stripe.Event): Promise<WebhookOutcome> {
    const log = this.deps.logger.child({ eventId: event.id, eventType: event.type });
    if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) {
      log.debug('stripe event ignored');
      return 'ignored';
    }
    if (!(await this.deps.repos.stripeEvents.recordOnce(event.id, event.type))) {
      log.info('stripe event already processed');
      return 'duplicate';
    }
    try {
      const subscriptionId = subscriptionOfEvent(event);
      if (!subscriptionId) {
        log.info('stripe event names no subscription of ours');
        return 'ignored';
      }
      const hint =
        event.type === 'checkout.session.completed'
          ? userOfSession(event.data.object as Stripe.Checkout.Session)
          : undefined;
      await this.sync.sync(subscriptionId, hint);
      return 'processed';
    } catch (err) {
      await this.deps.repos.stripeEvents.forget(event.id).catch((forgetErr: unknown) => {
        log.error({ err: forgetErr }, 'could not forget a failed stripe event');
      });
      throw err;
    }
  }
}

function userOfSession(session: Stripe.Checkout.Session): number | undefined {
  return /^\d+$/.test(session.client_reference_id ?? '') ? Number(session.client_reference_id) : undefined;
}

function subscriptionOfEvent(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return null;
      return idOf(session.subscription);
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object.id;
    case 'invoice.payment_failed':
    case 'invoice.paid': {
      const invoice = event.data.object;
      const fromParent = idOf(invoice.parent?.subscription_details?.subscription);
      // Before API 2025-03-31 the invoice named it at the top level.
      const legacy = typeof object.subscription === 'string' ? object.subscription : null;
      return fromParent ?? legacy;
    }
    default:
      return null;
  }
}
