import { useCallback, useState } from 'react';
import type { ErrorCode } from '@snapnotes/contracts';
import { ApiError, apiRequest, NetworkError } from '../../lib/api-client.js';
import { useAuth } from '../../lib/session.js';
import type { PlanType } from './plans.js';
import { toast } from '../../lib/toast.js';

export type CheckoutOutcome =
  | { kind: 'redirect'; url: string }
  /** The server has no payment keys or price ids. */
  | { kind: 'unavailable'; message: string }
  | { kind: 'error'; message: string };

/** The error value of a server without payments (a literal: the contracts' runtime code, zod, stays out of here). */
const SUBSCRIPTION_UNAVAILABLE: (typeof ErrorCode)['SubscriptionUnavailable'] = 'SUBSCRIPTION_UNAVAILABLE';

/** The server's way of saying that payments are not set up (SPEC §8), in the words of this and older servers. */
export function isServiceUnavailableMessage(message: string | undefined): boolean {
  return (
    !!message && /currently unavailable|not configured|service unavailable|payments aren't available/i.test(message)
  );
}

/**
 * What the user reads when the server has no payments (issue 23): a sentence for them. What an operator must
 * configure is in the server's log, not on the screen.
 */
export const PAYMENTS_UNAVAILABLE_TOAST = {
  title: 'Subscription service unavailable',
  description: "Payments aren't available on this server yet. You can keep using SnapNotes with the free uploads.",
} as const;

/** POST /api/create-checkout-session (SPEC §7) and interpretation of every reply shape. */
export async function createCheckoutSession(planType: PlanType): Promise<CheckoutOutcome> {
  let res: Response;
  try {
    res = await apiRequest('POST', '/api/create-checkout-session', { planType });
  } catch (error) {
    if (error instanceof ApiError) {
      const message = error.serverMessage;
      const code = error.body?.error;
      if (
        code === SUBSCRIPTION_UNAVAILABLE ||
        isServiceUnavailableMessage(message) ||
        (error.status === 503 && !message)
      ) {
        return { kind: 'unavailable', message: message ?? 'Subscription service is currently unavailable' };
      }
      return { kind: 'error', message: message ?? 'Failed to create checkout session' };
    }
    if (error instanceof NetworkError) return { kind: 'error', message: 'Failed to create checkout session' };
    throw error;
  }
  let data: { url?: unknown; message?: unknown };
  try {
    data = (await res.json()) as { url?: unknown; message?: unknown };
    if (data === null || typeof data !== 'object') throw new Error('not an object');
  } catch {
    return { kind: 'error', message: 'Invalid response format from server' };
  }
  if (typeof data.url === 'string' && data.url) return { kind: 'redirect', url: data.url };
  if (typeof data.message === 'string' && data.message) {
    return isServiceUnavailableMessage(data.message)
      ? { kind: 'unavailable', message: data.message }
      : { kind: 'error', message: data.message };
  }
  return { kind: 'error', message: 'No checkout URL returned' };
}

/** Starts a checkout for the signed-in user, with the SPEC §8 toasts; navigates to the payment page. */
export function useCheckout(navigateTo: (url: string) => void = (url) => window.location.assign(url)) {
  const { user, isAuthenticated } = useAuth();
  const [pendingPlan, setPendingPlan] = useState<PlanType | null>(null);

  const startCheckout = useCallback(
    async (planType: PlanType) => {
      if (!user || !isAuthenticated) {
        toast({
          variant: 'destructive',
          title: 'Authentication required',
          description: 'Please sign in to subscribe.',
        });
        return;
      }
      setPendingPlan(planType);
      try {
        const outcome = await createCheckoutSession(planType);
        if (outcome.kind === 'redirect') {
          navigateTo(outcome.url);
          return;
        }
        if (outcome.kind === 'unavailable') {
          toast({ ...PAYMENTS_UNAVAILABLE_TOAST });
        } else {
          toast({ variant: 'destructive', title: 'Subscription error', description: outcome.message });
        }
      } catch (error) {
        toast({
          variant: 'destructive',
          title: 'Subscription error',
          description: error instanceof Error && error.message ? error.message : 'Failed to create checkout session',
        });
      } finally {
        setPendingPlan(null);
      }
    },
    [user, isAuthenticated, navigateTo],
  );

  return { startCheckout, pendingPlan };
}
