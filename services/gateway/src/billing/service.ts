/**
 * Payments with Stripe Checkout (SPEC §7, §8; DESIGN §3): one Stripe customer per user, Checkout Sessions for the
 * monthly or annual price, verification of a returning session, account closing, and webhooks. Whatever arrives
 * (a verify call, an event, in whatever order), the stored subscription is what Stripe says NOW: every path re-reads
 * the subscription from Stripe, with no database connection held meanwhile, and stores it (sync.ts).
 */
import type Stripe from 'stripe';
import { ErrorCode } from '@snapnotes/contracts';
import type { SubscriptionPlan, SubscriptionRow, UserRow } from '@snapnotes/db';
import { HttpError } from '../errors.js';
import { createStripeClient } from './stripe-client.js';
import { idOf, isMissing, providerError } from './stripe-errors.js';
import { SubscriptionSync, type BillingServiceDeps } from './sync.js';
import { StripeWebhooks, type WebhookOutcome } from './webhooks.js';

export type { BillingServiceDeps } from './sync.js';

/**
 * The reply's message when payments are not configured: for the person trying to subscribe (issue 23). What an
 * operator must set goes to the server's log instead (PAYMENTS_NOT_CONFIGURED_LOG, routes/billing.ts).
 */
export const SUBSCRIPTION_UNAVAILABLE_MESSAGE = "Payments aren't available on this server yet.";

/** The log line for the operator when a payment route is called without Stripe configured. */
export const PAYMENTS_NOT_CONFIGURED_LOG =
  'Payments are not configured: set STRIPE_SECRET_KEY, STRIPE_PRICE_MONTHLY and STRIPE_PRICE_ANNUAL ' +
  '(and STRIPE_WEBHOOK_SECRET) to turn them on (docs/DEPLOY.md, "Payments: Stripe")';

const PAID_STATUSES: ReadonlyArray<string> = ['paid', 'no_payment_required'];
/** Stripe statuses of a subscription that will never charge again. */
const ENDED_STATUSES: ReadonlyArray<string> = ['canceled', 'incomplete_expired'];

export class BillingService {
  private readonly prices: Record<SubscriptionPlan, string>;
  private readonly subscriptions: SubscriptionSync;
  private readonly webhooks: StripeWebhooks;

  constructor(
    private readonly stripe: Stripe,
    private readonly deps: BillingServiceDeps,
  ) {
    const { STRIPE_PRICE_MONTHLY, STRIPE_PRICE_ANNUAL } = deps.config;
    if (!STRIPE_PRICE_MONTHLY || !STRIPE_PRICE_ANNUAL) {
      throw new Error('STRIPE_PRICE_MONTHLY and STRIPE_PRICE_ANNUAL are required for payments');
    }
    this.prices = { monthly: STRIPE_PRICE_MONTHLY, annual: STRIPE_PRICE_ANNUAL };
    this.subscriptions = new SubscriptionSync(stripe, deps, this.prices);
    this.webhooks = new StripeWebhooks(stripe, deps, this.subscriptions);
  }

  /** The service from config, or null when payments are not configured. */
  static fromConfig(deps: BillingServiceDeps): BillingService | null {
    const stripe = createStripeClient(deps.config);
    return stripe ? new BillingService(stripe, deps) : null;
  }

  get webhooksEnabled(): boolean {
    return Boolean(this.deps.config.STRIPE_WEBHOOK_SECRET);
  }

  /** Our plan for a Stripe subscription: only the configured price ids count (sync.ts). */
  planOf(sub: Stripe.Subscription): SubscriptionPlan | null {
    return this.subscriptions.planOf(sub)?.plan ?? null;
  }

  /** Reads the subscription from Stripe and stores what it says now; the user's row, or null (sync.ts). */
  async syncSubscription(subscriptionId: string, userIdHint?: number): Promise<SubscriptionRow | null> {
    return (await this.subscriptions.sync(subscriptionId, userIdHint)).row;
  }

  /** Re-reads the user's subscription from Stripe when its stored period has ended while active (sync.ts). */
  refreshIfLapsed(userId: number): Promise<void> {
    return this.subscriptions.refreshIfLapsed(userId);
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
    await this.refreshIfLapsed(user.id); // a renewed subscription must still refuse a second one
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
    const { row, skipped } = await this.subscriptions.sync(subscriptionId, user.id);
    if (skipped === 'unknown-price') {
      // Paid, but not for one of our plans (another product of the Stripe account): not Premium.
      throw new HttpError(400, ErrorCode.BadRequest, 'This checkout session is not for a SnapNotes plan.');
    }
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

  /** Checks the signature over the RAW body; a bad or missing one is a 400 (webhooks.ts). */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    return this.webhooks.parse(rawBody, signature);
  }

  /** Processes an event once; the subscription it names is re-read from Stripe (webhooks.ts). */
  handleEvent(event: Stripe.Event): Promise<WebhookOutcome> {
    return this.webhooks.handle(event);
  }

  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw this.providerError(what, err);
    }
  }

  private providerError(what: string, err: unknown): HttpError {
    return providerError(this.deps.logger, what, err);
  }
}
