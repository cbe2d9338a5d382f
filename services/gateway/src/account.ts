/**
 * Account deletion (privacy policy: the right to deletion) and the usage key that keeps the free allowance across a
 * deleted and re-created account. DECISIONS.md, "Account deletion", says what goes, in which order, and why.
 */
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@snapnotes/config';
import { ErrorCode, userKeyPrefix } from '@snapnotes/contracts';
import type { UserRow } from '@snapnotes/db';
import type { BillingService } from './billing/index.js';
import type { GatewayDeps } from './deps.js';
import { HttpError } from './errors.js';

/** Used when USAGE_KEY_SECRET is unset (development, tests): the key is then as good as an unkeyed hash. */
const DEVELOPMENT_USAGE_KEY_SECRET = 'snapnotes-development-usage-key';

/**
 * The usage key of a Firebase uid: HMAC-SHA256 keyed with USAGE_KEY_SECRET, base64url (43 characters). The same for
 * every account one Google identity ever has; it names no one without the server's secret and the uid.
 */
export function usageKeyFor(config: Pick<Config, 'USAGE_KEY_SECRET'>, firebaseUid: string): string {
  return createHmac('sha256', config.USAGE_KEY_SECRET ?? DEVELOPMENT_USAGE_KEY_SECRET)
    .update(firebaseUid, 'utf8')
    .digest('base64url');
}

/** What a deletion touches: the account's rows, jobs and objects, its sessions, and its billing (null: payments off). */
export interface AccountDeletionDeps extends Pick<GatewayDeps, 'config' | 'repos' | 'store' | 'pipeline' | 'verifier'> {
  billing: BillingService | null;
}

export interface AccountDeletionReport {
  canceledSubscription: string | null;
  deletedCustomer: string | null;
  jobsRemoved: number;
  jobsActive: number;
  objects: number;
  feedback: number;
  carriedUploads: number;
}

/**
 * Deletes everything of the account, in an order where a failure leaves the account usable and the call repeatable:
 *
 * 1. Stripe: cancel the subscription now and delete the customer (BillingService.closeAccount). Unreachable: 503,
 *    nothing else is touched. Payments not configured while the user has Stripe records: 503 as well (billing that
 *    cannot be stopped must not outlive the account).
 * 2. The account's sessions are revoked in Firebase (every device signs out; the verified-token cache forgets the
 *    uid). Fails: 503, the account is kept.
 * 3. The queue jobs of every upload and every note's re-read (OCR text, summaries), then the S3 objects under
 *    users/<id>/ (`userKeyPrefix`: every object of the account, whatever its layout).
 * 4. One transaction: the month's used uploads move to account_usage under the usage key, the deletion time is
 *    recorded, feedback rows are deleted, the user row goes (notes, uploads, subscription rows cascade).
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  user: UserRow,
  log: FastifyBaseLogger,
): Promise<AccountDeletionReport> {
  const subscription = await deps.repos.subscriptions.findByUser(user.id);
  let billing = { canceledSubscription: null as string | null, deletedCustomer: null as string | null };
  if (user.stripeCustomerId || subscription) {
    if (!deps.billing) {
      log.error({ userId: user.id }, 'account deletion refused: the user has Stripe records and payments are off');
      throw new HttpError(
        503,
        ErrorCode.SubscriptionUnavailable,
        'Your account was not deleted: your subscription cannot be cancelled while payments are unavailable on this ' +
          'server. Please try again later.',
      );
    }
    billing = await deps.billing.closeAccount(user);
  }

  if (deps.verifier) {
    try {
      await deps.verifier.revokeSessions(user.firebaseUid);
    } catch (err) {
      log.error({ userId: user.id, err }, 'account deletion stopped: could not revoke the sessions');
      throw new HttpError(
        503,
        ErrorCode.Internal,
        'Your account was not deleted: the sign-in service could not be reached. Please try again in a moment.',
        {},
        { 'retry-after': '60' },
      );
    }
  }

  const uploads = await deps.repos.uploads.listByUser(user.id);
  // A re-read's jobs are keyed by its own id as an upload's are by the upload's ("Read again").
  const rereads = await deps.repos.reprocessings.listForUser(user.id);
  const jobs = await deps.pipeline.forgetJobs([
    ...uploads.map((u) => ({ jobId: u.id, imageCount: Math.max(u.imageCount, u.objectKeys.length) })),
    ...rereads.map((r) => ({ jobId: r.id, imageCount: r.imageCount })),
  ]);
  const keys = await deps.store.list(userKeyPrefix(user.id));
  await deps.store.deleteMany(keys);

  const result = await deps.repos.users.deleteAccount(user.id, {
    usageKey: usageKeyFor(deps.config, user.firebaseUid),
  });
  return {
    ...billing,
    jobsRemoved: jobs.removed,
    jobsActive: jobs.active,
    objects: keys.length,
    feedback: result.feedbackDeleted,
    carriedUploads: result.carriedUploads,
  };
}
