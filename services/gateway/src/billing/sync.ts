/**
 * Storing what Stripe says about a subscription NOW (DECISIONS "Plans and payments"). Every path comes here: a
 * verified checkout, a webhook event (only a pointer), and the re-read of a subscription whose stored period has
 * ended (a renewal whose webhook never arrived).
 *
 * No database connection is held while Stripe answers (audit issue 12, item 7: a transaction held across a Stripe
 * call of up to 20 s × 3 attempts let ten verify calls take the whole pool). A sync stamps the database clock,
 * reads Stripe with no connection and no transaction, then stores the read in one statement that keeps whichever
 * read of the subscription started last (SubscriptionsRepo.storeFromStripe). That read saw every change Stripe had
 * made before it started, so concurrent and out-of-order syncs still end with what Stripe says now.
 */
import { LRUCache } from 'lru-cache';
import type { Logger as PinoLogger } from 'pino';
import type Stripe from 'stripe';
import type { Config } from '@snapnotes/config';
import {
  ACTIVE_SUBSCRIPTION_STATUSES,
  type StripeSubscriptionState,
  type SubscriptionPlan,
  type SubscriptionRow,
} from '@snapnotes/db';
import type { Repositories } from '@snapnotes/runtime';
import { idOf, isMissing, providerError } from './stripe-errors.js';

export interface BillingServiceDeps {
  config: Config;
  repos: Repositories;
  logger: PinoLogger;
}

/** The re-read of a lapsed subscription waits at most this long for Stripe (one attempt), then the stored state is used. */
export const LAPSED_READ_TIMEOUT_MS = 5_000;
/** A lapsed subscription is re-read at most once in this span per gateway process, whatever the outcome. */
export const LAPSED_RECHECK_MS = 60_000;

/** Stored as active or trialing, but the stored period has ended: a renewal may not have reached us. */
export function hasLapsed(row: SubscriptionRow, now: Date): boolean {
  return (
    (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(row.status) &&
    row.currentPeriodEnd !== null &&
    new Date(row.currentPeriodEnd).getTime() <= now.getTime() &&
    Boolean(row.stripeSubscriptionId)
  );
}

/** What a sync stored: the user's row, or why nothing was stored. */
export type SyncResult =
  { row: SubscriptionRow; skipped?: undefined } | { row: null; skipped: 'not-in-stripe' | 'no-user' | 'unknown-price' };

export class SubscriptionSync {
  /** Lapsed re-reads in flight or done lately, by subscription id: one Stripe call per subscription at a time. */
  private readonly lapsedChecks = new LRUCache<string, Promise<void>>({ max: 10_000, ttl: LAPSED_RECHECK_MS });

  constructor(
    private readonly stripe: Stripe,
    private readonly deps: BillingServiceDeps,
    private readonly prices: Readonly<Record<SubscriptionPlan, string>>,
  ) {}

  /**
   * Our plan for a Stripe subscription, and the period of the item that gives it: only the configured price ids
   * (STRIPE_PRICE_MONTHLY, STRIPE_PRICE_ANNUAL) count. A subscription to any other price of the account (another
   * product, an old price) is not Premium, whatever its billing interval.
   */
  planOf(sub: Stripe.Subscription): { plan: SubscriptionPlan; periodEnd: Date | null } | null {
    for (const item of sub.items?.data ?? []) {
      const plan =
        item.price?.id === this.prices.monthly ? 'monthly' : item.price?.id === this.prices.annual ? 'annual' : null;
      if (!plan) continue;
      const end = item.current_period_end;
      return { plan, periodEnd: Number.isFinite(end) ? new Date(end * 1000) : null };
    }
    return null;
  }

  /**
   * Reads the subscription from Stripe and stores its current state for its user (found by the customer, else by
   * `userIdHint` or the subscription's metadata). Returns the user's row, or why nothing was stored: the
   * subscription, its user or a configured price cannot be found. `options` bounds the Stripe call.
   */
  async sync(subscriptionId: string, userIdHint?: number, options?: Stripe.RequestOptions): Promise<SyncResult> {
    const { repos, logger } = this.deps;
    const readStartedAt = await repos.subscriptions.readStamp();
    let sub: Stripe.Subscription;
    try {
      sub = await this.stripe.subscriptions.retrieve(subscriptionId, {}, options);
    } catch (err) {
      if (isMissing(err)) {
        logger.warn({ subscriptionId }, 'subscription not found in Stripe; nothing stored');
        return { row: null, skipped: 'not-in-stripe' };
      }
      throw providerError(logger, 'retrieve the subscription', err);
    }
    const userId = await this.userOf(sub, userIdHint);
    if (userId === null) {
      logger.warn({ subscriptionId }, 'subscription of no known user; nothing stored');
      return { row: null, skipped: 'no-user' };
    }
    const plan = this.planOf(sub);
    if (!plan) {
      const prices = (sub.items?.data ?? []).map((item) => item.price?.id);
      logger.warn({ subscriptionId, prices }, 'subscription to no configured price; nothing stored (not Premium)');
      return { row: null, skipped: 'unknown-price' };
    }
    const state: StripeSubscriptionState = {
      userId,
      stripeSubscriptionId: sub.id,
      status: sub.status,
      plan: plan.plan,
      currentPeriodEnd: plan.periodEnd,
      cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
    };
    const result = await repos.subscriptions.storeFromStripe(state, readStartedAt);
    if (!result.applied) {
      logger.info(
        { subscriptionId, kept: result.row.stripeSubscriptionId },
        'subscription not stored: the stored row comes from a later read, or is another active subscription',
      );
    }
    logger.info(
      { userId: result.row.userId, subscriptionId, status: result.row.status, plan: result.row.plan },
      'subscription synced from stripe',
    );
    return { row: result.row };
  }

  /**
   * When the user's stored subscription was active but its period has ended, reads it again from Stripe (outside
   * any transaction, one attempt of at most LAPSED_READ_TIMEOUT_MS), so a renewal whose webhook never came shows
   * up. Any failure keeps the stored state (no Premium until Stripe answers). Concurrent callers share one read,
   * and a subscription is re-read at most once per LAPSED_RECHECK_MS.
   */
  async refreshIfLapsed(userId: number, now = new Date()): Promise<void> {
    const row = await this.deps.repos.subscriptions.findByUser(userId);
    if (!row || !hasLapsed(row, now)) return;
    const subscriptionId = row.stripeSubscriptionId;
    let check = this.lapsedChecks.get(subscriptionId);
    if (!check) {
      const log = this.deps.logger.child({ userId, subscriptionId });
      check = this.sync(subscriptionId, userId, { timeout: LAPSED_READ_TIMEOUT_MS, maxNetworkRetries: 0 }).then(
        ({ row: fresh }) => {
          log.info(
            { status: fresh?.status, currentPeriodEnd: fresh?.currentPeriodEnd },
            'stored period had ended: re-read from stripe',
          );
        },
        (err: unknown) => {
          log.warn(
            { err: (err as Error).message },
            'stored period had ended; stripe not reachable: kept the stored state',
          );
        },
      );
      this.lapsedChecks.set(subscriptionId, check);
    }
    await check;
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
}
