import type { FastifyInstance } from 'fastify';
import {
  ErrorCode,
  upsertUserBodySchema,
  type RemainingUploads,
  type SubscriptionResponse,
} from '@snapnotes/contracts';
import { toApiUser } from '@snapnotes/db';
import { deleteAccount, usageKeyFor } from '../account.js';
import { InvalidTokenError } from '../auth.js';
import type { BillingService } from '../billing/index.js';
import { HttpError } from '../errors.js';
import { authenticate, bearerToken, currentUser, ownUser } from '../guards.js';
import { quotaFor } from '../quota.js';

const DELETED_SESSION = new HttpError(
  401,
  ErrorCode.Unauthorized,
  'This account was deleted. Sign in again to create a new one.',
);

/** Username: the part of the email before the at-sign, else the display name, else 'user' (SPEC §3). */
export function usernameFor(email: string, displayName: string): string {
  const fromEmail = email.split('@')[0]?.trim();
  if (fromEmail) return fromEmail.slice(0, 100);
  const fromName = displayName.trim().toLowerCase().replace(/\s+/g, '.');
  return fromName ? fromName.slice(0, 100) : 'user';
}

/** `billing`: account deletion ends the account's billing with it (null: payments are not configured). */
export function registerUserRoutes(app: FastifyInstance, billing: BillingService | null): void {
  /**
   * POST /api/user: fetch or create the caller's record. Identity and email come from the verified token, never
   * from the body: a body naming another firebaseUid cannot create or read someone else's record.
   */
  app.post('/api/user', async (req) => {
    const identity = await authenticate(req);
    const body = upsertUserBodySchema.parse(req.body ?? {});
    const usageKey = usageKeyFor(app.deps.config, identity.uid);
    const { users } = app.deps.repos;
    if ((await users.deletedAt(usageKey)) && !(await users.findByFirebaseUid(identity.uid))) {
      // This identity deleted its account: only a sign-in made after the deletion may create a new one. The
      // deletion revoked the account's sessions, so a device still signed in from before is refused here.
      const token = bearerToken(req) ?? '';
      try {
        await app.deps.verifier?.verify(token, { checkRevoked: true });
      } catch (err) {
        if (err instanceof InvalidTokenError) throw DELETED_SESSION;
        throw err;
      }
    }
    // The email is the verified token's only (empty when it has none): it becomes the Stripe customer's email, where
    // receipts go, so a body's claim is never taken (issue 22, item 13). The body's email field stays accepted
    // (SPEC §7) and is ignored.
    const email = identity.email;
    const displayName = body.displayName || identity.name;
    const user = await users.upsertByFirebaseUid({
      firebaseUid: identity.uid,
      email,
      displayName,
      photoURL: body.photoURL || identity.picture,
      username: usernameFor(email, displayName),
      usageKey,
    });
    return toApiUser(user);
  });

  /**
   * DELETE /api/user: the right to deletion (privacy policy). Ends billing in Stripe (cancels the subscription,
   * deletes the customer), signs the account out everywhere, removes its queue jobs and images, then its feedback
   * and its record, which cascades to notes, uploads and subscription rows (account.ts). If Stripe or Firebase cannot
   * be reached the answer is 503 and the account is kept. The identity-provider account is theirs to keep or delete.
   */
  app.delete('/api/user', async (req) => {
    const user = await currentUser(req);
    const report = await deleteAccount({ ...app.deps, billing }, user, req.log);
    req.log.info({ userId: user.id, ...report }, 'account deleted');
    return { success: true };
  });

  app.get<{ Params: { userId: string } }>('/api/statistics/:userId', async (req) => {
    const user = await ownUser(req, req.params.userId);
    return app.deps.repos.notes.statistics(user.id);
  });

  app.get<{ Params: { userId: string } }>(
    '/api/user/:userId/remaining-uploads',
    async (req): Promise<RemainingUploads> => {
      const user = await ownUser(req, req.params.userId);
      const quota = await quotaFor(app.deps, user.id, new Date());
      return {
        remainingUploads: quota.remaining,
        hasSubscription: quota.subscribed,
        limit: quota.limit,
        resetsAt: quota.resetsAt?.toISOString() ?? null,
      };
    },
  );

  app.get<{ Params: { userId: string } }>(
    '/api/user/:userId/subscription',
    async (req): Promise<SubscriptionResponse> => {
      const user = await ownUser(req, req.params.userId);
      const sub = await app.deps.repos.subscriptions.findByUser(user.id);
      const active = await app.deps.repos.subscriptions.findActiveByUser(user.id, new Date());
      return {
        subscription: sub
          ? {
              status: sub.status,
              plan: sub.plan,
              currentPeriodEnd: sub.currentPeriodEnd ? new Date(sub.currentPeriodEnd).toISOString() : null,
              cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
            }
          : null,
        hasActiveSubscription: Boolean(active),
      };
    },
  );
}
