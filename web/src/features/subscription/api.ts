import { ApiError, apiRequest } from '../../lib/api-client.js';
import { isPlanType, type PlanType } from './plans.js';

export const VERIFY_FAILED_MESSAGE = 'Failed to verify subscription';
export const NO_SESSION_MESSAGE = 'No session ID found. Unable to verify subscription.';
/** SPEC §9 redirect delays. */
export const VERIFIED_REDIRECT_MS = 2000;
export const VERIFY_FAILED_REDIRECT_MS = 5000;
export const CANCEL_REDIRECT_MS = 2000;

/** POST /api/verify-subscription; resolves with the plan (annual when missing), rejects with a display message. */
export async function verifySubscription(sessionId: string): Promise<PlanType> {
  let res: Response;
  try {
    res = await apiRequest('POST', '/api/verify-subscription', { sessionId });
  } catch (error) {
    throw new Error(error instanceof ApiError ? (error.serverMessage ?? VERIFY_FAILED_MESSAGE) : VERIFY_FAILED_MESSAGE);
  }
  const data = (await res.json().catch(() => null)) as { subscription?: { plan?: unknown } } | null;
  const plan = data?.subscription?.plan;
  return isPlanType(plan) ? plan : 'annual';
}
