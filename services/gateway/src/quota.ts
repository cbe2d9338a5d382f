import type { GatewayDeps } from './deps.js';

export interface Quota {
  subscribed: boolean;
  /** null = unlimited */
  limit: number | null;
  remaining: number | null;
  resetsAt: Date | null;
}

/** Start of the next calendar month in UTC: when the free allowance renews. */
export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** The free allowance (DESIGN §7) counts uploads that are processing or completed this month; failures count nothing. */
export async function quotaFor(deps: Pick<GatewayDeps, 'repos' | 'config'>, userId: number, now: Date): Promise<Quota> {
  const active = await deps.repos.subscriptions.findActiveByUser(userId, now);
  if (active) return { subscribed: true, limit: null, remaining: null, resetsAt: null };
  const limit = deps.config.FREE_UPLOADS_PER_MONTH;
  const used = await deps.repos.uploads.usedThisMonth(userId, now);
  return { subscribed: false, limit, remaining: Math.max(0, limit - used), resetsAt: nextMonthStart(now) };
}
