import type { FastifyInstance } from 'fastify';
import { upsertUserBodySchema, type RemainingUploads, type SubscriptionResponse } from '@snapnotes/contracts';
import { toApiUser } from '@snapnotes/db';
import { authenticate, currentUser, ownUser } from '../app.js';
import { quotaFor } from '../quota.js';

/** Username: the part of the email before the at-sign, else the display name, else 'user' (SPEC §3). */
export function usernameFor(email: string, displayName: string): string {
  const fromEmail = email.split('@')[0]?.trim();
  if (fromEmail) return fromEmail.slice(0, 100);
  const fromName = displayName.trim().toLowerCase().replace(/\s+/g, '.');
  return fromName ? fromName.slice(0, 100) : 'user';
}

export function registerUserRoutes(app: FastifyInstance): void {
  /**
   * POST /api/user: fetch or create the caller's record. Identity comes from the verified token, never
   * from the body: a body naming another firebaseUid cannot create or read someone else's record.
   */
  app.post('/api/user', async (req) => {
    const identity = await authenticate(req);
    const body = upsertUserBodySchema.parse(req.body ?? {});
    const email = identity.email || body.email;
    const displayName = body.displayName || identity.name;
    const user = await app.deps.repos.users.upsertByFirebaseUid({
      firebaseUid: identity.uid,
      email,
      displayName,
      photoURL: body.photoURL || identity.picture,
      username: usernameFor(email, displayName),
    });
    return toApiUser(user);
  });

  /**
   * DELETE /api/user: the right to deletion (privacy policy). Removes the caller's images, then their record, which
   * cascades to notes, uploads and subscription rows. The identity-provider account is theirs to keep or delete.
   */
  app.delete('/api/user', async (req) => {
    const user = await currentUser(req);
    const prefix = `users/${user.id}/`;
    const keys = await app.deps.store.list(prefix);
    await app.deps.store.deleteMany(keys);
    await app.deps.repos.users.deleteById(user.id);
    req.log.info({ userId: user.id, objects: keys.length }, 'account deleted');
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
