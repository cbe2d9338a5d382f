/**
 * Payments with Stripe Checkout (SPEC §7, §8; DESIGN §3): one Stripe customer per user, Checkout Sessions for the
 * monthly or annual price, verification of a returning session, and webhooks. Whatever arrives (a verify call,
 * an event, in whatever order), the stored subscription is what Stripe says NOW: every path re-reads the
 * subscription from Stripe under a per-subscription lock and stores that (SubscriptionsRepo.syncLocked).
 */
import type { Logger as PinoLogger } from 'pino';
import Stripe from 'stripe';
import type { Config } from '@snapnotes/config';
import { ErrorCode } from '@snapnotes/contracts';
import type { StripeSubscriptionState, SubscriptionPlan, SubscriptionRow, UserRow } from '@snapnotes/db';
import type { Repositories } from '@snapnotes/runtime';
import { HttpError } from '../errors.js';
import { createStripeClient } from './stripe-client.js';

export const SUBSCRIPTION_UNAVAILABLE_MESSAGE =
  'Subscription service is currently unavailable: payments are not configured on this server.';

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

export interface BillingServiceDeps {
  config: Config;
  repos: Repositories;
  logger: PinoLogger;
}

const PAID_STATUSES: ReadonlyArray<string> = ['paid', 'no_payment_required'];
/** Stripe statuses of a subscription that will never charge again. */
const ENDED_STATUSES: ReadonlyArray<string> = ['canceled', 'incomplete_expired'];

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function isStripeError(err: unknown): err is Stripe.errors.StripeError {
  return err instanceof Stripe.errors.StripeError;
}

function isMissing(err: unknown, param?: string): boolean {
  return isStripeError(err) && err.code === 'resource_missing' && (param === undefined || err.param === param);
}

export class BillingService {
  private readonly prices: Record<SubscriptionPlan, string>;

  constructor(
    private readonly stripe: Stripe,
    private readonly deps: BillingServiceDeps,
  ) {
    const { STRIPE_PRICE_MONTHLY, STRIPE_PRICE_ANNUAL } = deps.config;
    if (!STRIPE_PRICE_MONTHLY || !STRIPE_PRICE_ANNUAL) {
      throw new Error('STRIPE_PRICE_MONTHLY and STRIPE_PRICE_ANNUAL are required for payments');
    }
    this.prices = { monthly: STRIPE_PRICE_MONTHLY, annual: STRIPE_PRICE_ANNUAL };
  }

  /** The service from config, or null when payments are not configured. */
  static fromConfig(deps: BillingServiceDeps): BillingService | null {
    const stripe = createStripeClient(deps.config);
    return stripe ? new BillingService(stripe, deps) : null;
  }

  get webhooksEnabled(): boolean {
    return Boolean(this.deps.config.STRIPE_WEBHOOK_SECRET);
  }

  /** Our plan for a Stripe subscription: by configured price id, else by billing interval. */
  planOf(sub: Stripe.Subscription): SubscriptionPlan | null {
    const price = sub.items.data[0]?.price;
    if (!price) return null;
    if (price.id === this.prices.monthly) return 'monthly';
    if (price.id === this.prices.annual) return 'annual';
    if (price.recurring?.interval === 'year') return 'annual';
    if (price.recurring?.interval === 'month') return 'monthly';
    return null;
  }

  /** The user's Stripe customer, created on first use and stored; concurrent calls end up with the same one. */
  async customerFor(user: UserRow): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    return this.createCustomer(user, null);
  }

  private async createCustomer(user: UserRow, replacing: string | null): Promise<string> {
    const customer = await this.call('create the customer', () =>
      this.stripe.customers.create(
        {
          email: user.email || undefined,
          name: user.displayName || user.username || undefined,
          metadata: { userId: String(user.id), firebaseUid: user.firebaseUid },
        },
        // Two checkouts started at once by one user create one customer (Stripe replays the first reply).
        { idempotencyKey: `snapnotes-customer-${user.id}-${replacing ?? 'first'}` },
      ),
    );
    const linked = await this.deps.repos.users.linkStripeCustomer(user.id, customer.id, replacing);
    if (linked !== customer.id) {
      this.deps.logger.warn(
        { userId: user.id, customer: customer.id, kept: linked },
        'stripe customer raced; kept the first',
      );
    }
    return linked;
  }

  /** POST /api/create-checkout-session: a subscription Checkout Session for the plan's price. */
  async createCheckoutSession(
    user: UserRow,
    plan: SubscriptionPlan,
    origin: string,
  ): Promise<{ url: string; sessionId: string }> {
    const active = await this.deps.repos.subscriptions.findActiveByUser(user.id, new Date());
    if (active) {
      throw new HttpError(409, ErrorCode.AlreadySubscribed, 'You already have an active subscription.');
    }
    const create = (customer: string) =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: String(user.id),
        line_items: [{ price: this.prices[plan], quantity: 1 }],
        success_url: `${origin}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/subscription/cancel`,
        metadata: { userId: String(user.id), plan },
        subscription_data: { metadata: { userId: String(user.id), plan } },
      });
    let customer = await this.customerFor(user);
    let session: Stripe.Checkout.Session;
    try {
      session = await create(customer);
    } catch (err) {
      if (!isMissing(err, 'customer')) throw this.providerError('create the checkout session', err);
      // The stored customer was deleted in Stripe: make a new one and try once more.
      this.deps.logger.warn({ userId: user.id, customer }, 'stored stripe customer is gone; creating a new one');
      customer = await this.createCustomer(user, customer);
      session = await this.call('create the checkout session', () => create(customer));
    }
    if (!session.url) {
      throw new HttpError(502, ErrorCode.PaymentProviderError, 'The payment provider returned no checkout URL.');
    }
    this.deps.logger.info({ userId: user.id, plan, sessionId: session.id }, 'checkout session created');
    return { url: session.url, sessionId: session.id };
  }

  /**
   * POST /api/verify-subscription: the session must be the caller's, a subscription, complete and paid; then the
   * subscription is read from Stripe and stored.
   */
  async verifyCheckoutSession(user: UserRow, sessionId: string): Promise<SubscriptionRow> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(sessionId);
    } catch (err) {
      if (isMissing(err)) throw new HttpError(404, ErrorCode.NotFound, 'Checkout session not found.');
      throw this.providerError('retrieve the checkout session', err);
    }
    const customer = idOf(session.customer);
    const ownedByReference = session.client_reference_id === String(user.id);
    const ownedByCustomer = customer !== null && customer === user.stripeCustomerId;
    const foreignCustomer = customer !== null && user.stripeCustomerId !== null && customer !== user.stripeCustomerId;
    if (!(ownedByReference || ownedByCustomer) || foreignCustomer) {
      this.deps.logger.warn({ userId: user.id, sessionId }, 'verify: checkout session of another user');
      throw new HttpError(403, ErrorCode.Forbidden, 'This checkout session belongs to another account.');
    }
    if (session.mode !== 'subscription') {
      throw new HttpError(400, ErrorCode.BadRequest, 'This checkout session is not for a subscription.');
    }
    if (session.status !== 'complete' || !PAID_STATUSES.includes(session.payment_status)) {
      throw new HttpError(
        400,
        ErrorCode.CheckoutNotPaid,
        'This checkout session has not been paid. Complete the payment to subscribe.',
      );
    }
    const subscriptionId = idOf(session.subscription);
    if (!subscriptionId) {
      throw new HttpError(
        502,
        ErrorCode.PaymentProviderError,
        'The payment provider reports no subscription for this session.',
      );
    }
    if (customer && !user.stripeCustomerId) await this.deps.repos.users.linkStripeCustomer(user.id, customer);
    const row = await this.syncSubscription(subscriptionId, user.id);
    if (!row) {
      throw new HttpError(
        502,
        ErrorCode.PaymentProviderError,
        'The subscription could not be read from the payment provider.',
      );
    }
    return row;
  }

  /**
   * Reads the subscription from Stripe and stores its current state for its user (found by the customer, else
   * by `userIdHint` or the subscription's metadata). Returns the user's row, or null when the subscription or its
   * user cannot be found.
   */
  async syncSubscription(subscriptionId: string, userIdHint?: number): Promise<SubscriptionRow | null> {
    const result = await this.deps.repos.subscriptions.syncLocked(subscriptionId, async () => {
      let sub: Stripe.Subscription;
      try {
        sub = await this.stripe.subscriptions.retrieve(subscriptionId);
      } catch (err) {
        if (isMissing(err)) {
          this.deps.logger.warn({ subscriptionId }, 'subscription not found in Stripe; nothing stored');
          return null;
        }
        throw this.providerError('retrieve the subscription', err);
      }
      const userId = await this.userOf(sub, userIdHint);
      if (userId === null) {
        this.deps.logger.warn({ subscriptionId }, 'subscription of no known user; nothing stored');
        return null;
      }
      const plan = this.planOf(sub);
      if (!plan) {
        this.deps.logger.warn({ subscriptionId }, 'subscription with an unknown price; nothing stored');
        return null;
      }
      const ends = sub.items.data.map((item) => item.current_period_end).filter((n) => Number.isFinite(n));
      const state: StripeSubscriptionState = {
        userId,
        stripeSubscriptionId: sub.id,
        status: sub.status,
        plan,
        currentPeriodEnd: ends.length ? new Date(Math.max(...ends) * 1000) : null,
        cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
      };
      return state;
    });
    if (!result) return null;
    if (!result.applied) {
      this.deps.logger.info(
        { subscriptionId, kept: result.row.stripeSubscriptionId },
        'subscription not stored: the user has another active subscription',
      );
    }
    this.deps.logger.info(
      { userId: result.row.userId, subscriptionId, status: result.row.status, plan: result.row.plan },
      'subscription synced from stripe',
    );
    return result.row;
  }

  private async userOf(sub: Stripe.Subscription, hint: number | undefined): Promise<number | null> {
    const { users } = this.deps.repos;
    const customer = idOf(sub.customer);
    if (customer) {
      const owner = await users.findByStripeCustomerId(customer);
      if (owner) return owner.id;
    }
    const fromMetadata = /^\d+$/.test(sub.metadata?.userId ?? '') ? Number(sub.metadata.userId) : undefined;
    const candidate = hint ?? fromMetadata;
    if (candidate === undefined) return null;
    const user = await users.findById(candidate);
    if (!user) return null;
    if (customer && !user.stripeCustomerId) await users.linkStripeCustomer(user.id, customer);
    else if (customer && user.stripeCustomerId !== customer) return null; // another customer's subscription
    return user.id;
  }

  /**
   * Account deletion: ends billing in Stripe before anything of the account is deleted. Cancels the stored
   * subscription now (not at period end: nobody is left to use it) and deletes the Stripe customer, which also
   * removes its email and name and ends any other subscription it has. Something already gone in Stripe counts as
   * done, so a retried deletion goes through. Any other failure throws a 503 and the caller keeps the account:
   * billing must never keep running for an account that no longer exists.
   */
  async closeAccount(user: UserRow): Promise<{ canceledSubscription: string | null; deletedCustomer: string | null }> {
    const stored = await this.deps.repos.subscriptions.findByUser(user.id);
    let canceledSubscription: string | null = null;
    if (stored && !ENDED_STATUSES.includes(stored.status)) {
      try {
        const sub = await this.stripe.subscriptions.cancel(stored.stripeSubscriptionId);
        canceledSubscription = sub.id;
      } catch (err) {
        if (!isMissing(err) && !(await this.hasEnded(stored.stripeSubscriptionId))) {
          throw this.unavailableForDeletion('cancel the subscription', err);
        }
      }
    }
    let deletedCustomer: string | null = null;
    if (user.stripeCustomerId) {
      try {
        await this.stripe.customers.del(user.stripeCustomerId);
        deletedCustomer = user.stripeCustomerId;
      } catch (err) {
        if (!isMissing(err)) throw this.unavailableForDeletion('delete the customer', err);
      }
    }
    this.deps.logger.info({ userId: user.id, canceledSubscription, deletedCustomer }, 'stripe billing closed');
    return { canceledSubscription, deletedCustomer };
  }

  /** Whether Stripe reports the subscription ended (a cancel refused because it already was). */
  private async hasEnded(subscriptionId: string): Promise<boolean> {
    try {
      const sub = await this.stripe.subscriptions.retrieve(subscriptionId);
      return ENDED_STATUSES.includes(sub.status);
    } catch (err) {
      return isMissing(err);
    }
  }

  private unavailableForDeletion(what: string, err: unknown): HttpError {
    this.providerError(what, err); // logs the details
    return new HttpError(
      503,
      ErrorCode.PaymentProviderError,
      'Your account was not deleted: the payment provider could not be reached to end your billing. ' +
        'Please try again in a moment.',
      {},
      { 'retry-after': '60' },
    );
  }

  /** Checks the signature over the RAW body; a bad or missing one is a 400. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
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
   * Processes an event once: its id is recorded first, and forgotten again if processing fails (so Stripe's
   * retry is processed). The event's payload is only a pointer: the subscription is re-read from Stripe, which
   * makes late and out-of-order events harmless.
   */
  async handleEvent(event: Stripe.Event): Promise<WebhookOutcome> {
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
      const subscriptionId = await this.subscriptionOfEvent(event);
      if (!subscriptionId) {
        log.info('stripe event names no subscription of ours');
        return 'ignored';
      }
      const hint =
        event.type === 'checkout.session.completed'
          ? this.userOfSession(event.data.object as Stripe.Checkout.Session)
          : undefined;
      await this.syncSubscription(subscriptionId, hint);
      return 'processed';
    } catch (err) {
      await this.deps.repos.stripeEvents.forget(event.id).catch((forgetErr: unknown) => {
        log.error({ err: forgetErr }, 'could not forget a failed stripe event');
      });
      throw err;
    }
  }

  private userOfSession(session: Stripe.Checkout.Session): number | undefined {
    return /^\d+$/.test(session.client_reference_id ?? '') ? Number(session.client_reference_id) : undefined;
  }

  private async subscriptionOfEvent(event: Stripe.Event): Promise<string | null> {
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

  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw this.providerError(what, err);
    }
  }

  /** A Stripe failure as a 502 the client can show; the details go to the log only. */
  private providerError(what: string, err: unknown): HttpError {
    if (err instanceof HttpError) return err;
    const detail = isStripeError(err)
      ? { type: err.type, code: err.code, status: err.statusCode, message: err.message, requestId: err.requestId }
      : { message: (err as Error)?.message };
    this.deps.logger.error({ stripe: detail }, `stripe: could not ${what}`);
    return new HttpError(
      502,
      ErrorCode.PaymentProviderError,
      'The payment provider could not be reached. Please try again in a moment.',
    );
  }
}
