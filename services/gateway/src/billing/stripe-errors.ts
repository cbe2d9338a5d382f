/** Small helpers over Stripe's objects and errors, shared by the billing modules. */
import type { Logger as PinoLogger } from 'pino';
import Stripe from 'stripe';
import { ErrorCode } from '@snapnotes/contracts';
import { HttpError } from '../errors.js';

/** The id of an expandable field (`'cus_…'` or `{ id: 'cus_…', … }`). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

export function isStripeError(err: unknown): err is Stripe.errors.StripeError {
  return err instanceof Stripe.errors.StripeError;
}

/** Stripe's 404 (`resource_missing`), optionally about one parameter. */
export function isMissing(err: unknown, param?: string): boolean {
  return isStripeError(err) && err.code === 'resource_missing' && (param === undefined || err.param === param);
}

/** A Stripe failure as a 502 the client can show; the details go to the log only. */
export function providerError(logger: PinoLogger, what: string, err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const detail = isStripeError(err)
    ? { type: err.type, code: err.code, status: err.statusCode, message: err.message, requestId: err.requestId }
    : { message: (err as Error)?.message };
  logger.error({ stripe: detail }, `stripe: could not ${what}`);
  return new HttpError(
    502,
    ErrorCode.PaymentProviderError,
    'The payment provider could not be reached. Please try again in a moment.',
  );
}
