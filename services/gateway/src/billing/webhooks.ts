/**
 * POST /api/stripe/webhook (DECISIONS "Plans and payments"): the signature is checked over the raw body, each event
 * id is processed once, and the event is only a pointer: the subscription it names is re-read from Stripe and
 * stored as Stripe has it now (SubscriptionSync), which makes late and out-of-order events harmless.
 */
import type Stripe from 'stripe';
import { z } from 'zod';
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

/**
 * `malformed`: a correctly signed event this server cannot read (no `data.object`, or an object of the wrong shape).
 * It is acknowledged with a 200 and logged as an error: it can never become valid, and any other answer would have
 * Stripe redeliver it for days and, in the end, disable the endpoint for the events that are fine (DECISIONS).
 */
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'malformed';

/** Stripe's object ids: a prefix, an underscore, letters and digits (`sub_1MowQVLkdIwHu7ix`). */
const stripeId = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9]{1,250}$`), { error: `not a ${prefix}_… id` });
/** An expandable reference to a subscription: its id, the expanded subscription, or nothing. */
const subscriptionRef = z.union([stripeId('sub'), z.object({ id: stripeId('sub') })]).nullish();

/** What every event must have before its type is even looked at. */
const envelopeSchema = z.object({ id: z.string().min(1).max(255), type: z.string().min(1).max(255) });

/** The fields of `data.object` the webhook reads, by event type (only these are read; the rest is Stripe's). */
const objectSchemas = {
  'checkout.session.completed': z.object({
    mode: z.string().nullish(),
    subscription: subscriptionRef,
    client_reference_id: z.string().max(255).nullish(),
  }),
  'customer.subscription': z.object({ id: stripeId('sub') }),
  invoice: z.object({
    parent: z.object({ subscription_details: z.object({ subscription: subscriptionRef }).nullish() }).nullish(),
    // Before API 2025-03-31 the invoice named it at the top level.
    subscription: subscriptionRef,
  }),
};

/** What a handled event points at: the subscription to re-read, and for a checkout the user it was made for. */
type EventPointer = { subscriptionId: string | null; userHint?: number };

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
   * Processes an event once: its shape is checked first (a malformed one is acknowledged and logged, never
   * recorded), then its id is recorded, and forgotten again if processing fails (so Stripe's retry is processed).
   */
  async handle(event: Stripe.Event): Promise<WebhookOutcome> {
    const envelope = envelopeSchema.safeParse(event);
    if (!envelope.success) return this.malformed(event, problemOf(envelope.error, []));
    const log = this.deps.logger.child({ eventId: event.id, eventType: event.type });
    if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) {
      log.debug('stripe event ignored');
      return 'ignored';
    }
    const target = targetOf(event);
    if ('problem' in target) return this.malformed(event, target.problem);
    if (!(await this.deps.repos.stripeEvents.recordOnce(event.id, event.type))) {
      log.info('stripe event already processed');
      return 'duplicate';
    }
    try {
      if (!target.subscriptionId) {
        log.info('stripe event names no subscription of ours');
        return 'ignored';
      }
      await this.sync.sync(target.subscriptionId, target.userHint);
      return 'processed';
    } catch (err) {
      await this.deps.repos.stripeEvents.forget(event.id).catch((forgetErr: unknown) => {
        log.error({ err: forgetErr }, 'could not forget a failed stripe event');
      });
      throw err;
    }
  }

  /** Logs what is wrong (field paths and expected types, never the values) and acknowledges the event. */
  private malformed(event: unknown, problem: string): 'malformed' {
    const { id, type } = (typeof event === 'object' && event !== null ? event : {}) as Record<string, unknown>;
    this.deps.logger.error(
      {
        eventId: typeof id === 'string' ? id.slice(0, 255) : undefined,
        eventType: typeof type === 'string' ? type.slice(0, 255) : undefined,
        problem,
      },
      'malformed stripe event acknowledged, not processed (a redelivery could never succeed)',
    );
    return 'malformed';
  }
}

function problemOf(error: z.ZodError, prefix: string[]): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${[...prefix, ...issue.path.map(String)].join('.') || 'event'}: ${issue.message}`)
    .join('; ');
}

/** The subscription (and user) a handled event points at, or what is wrong with its `data.object`. */
function targetOf(event: Stripe.Event): EventPointer | { problem: string } {
  const data = (event as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { problem: 'data: expected an object' };
  }
  const object = (data as { object?: unknown }).object;
  if (typeof object !== 'object' || object === null || Array.isArray(object)) {
    return { problem: `data.object: expected an object, got ${object === null ? 'null' : typeof object}` };
  }
  const prefix = ['data', 'object'];
  switch (event.type) {
    case 'checkout.session.completed': {
      const parsed = objectSchemas['checkout.session.completed'].safeParse(object);
      if (!parsed.success) return { problem: problemOf(parsed.error, prefix) };
      const session = parsed.data;
      if (session.mode !== 'subscription') return { subscriptionId: null };
      const reference = session.client_reference_id ?? '';
      return {
        subscriptionId: idOf(session.subscription),
        userHint: /^\d{1,15}$/.test(reference) ? Number(reference) : undefined,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const parsed = objectSchemas['customer.subscription'].safeParse(object);
      return parsed.success ? { subscriptionId: parsed.data.id } : { problem: problemOf(parsed.error, prefix) };
    }
    case 'invoice.payment_failed':
    case 'invoice.paid': {
      const parsed = objectSchemas.invoice.safeParse(object);
      if (!parsed.success) return { problem: problemOf(parsed.error, prefix) };
      const invoice = parsed.data;
      return { subscriptionId: idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription) };
    }
    default:
      return { subscriptionId: null };
  }
}
