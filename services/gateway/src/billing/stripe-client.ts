import Stripe from 'stripe';
import type { Config } from '@snapnotes/config';

/**
 * The Stripe SDK client from config, or null when payments are not configured (no secret key or price ids).
 * STRIPE_API_BASE (tests only) points it at a local stand-in: `http://127.0.0.1:12111`.
 */
export function createStripeClient(config: Config): Stripe | null {
  if (!config.stripeEnabled || !config.STRIPE_SECRET_KEY) return null;
  const options: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'SnapNotes' },
  };
  if (config.STRIPE_API_BASE) {
    let base: URL;
    try {
      base = new URL(config.STRIPE_API_BASE);
    } catch {
      throw new Error(`STRIPE_API_BASE must be a URL like http://127.0.0.1:12111 (got ${config.STRIPE_API_BASE})`);
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new Error(`STRIPE_API_BASE must use http or https (got ${base.protocol})`);
    }
    options.host = base.hostname;
    options.port = base.port || (base.protocol === 'https:' ? 443 : 80);
    options.protocol = base.protocol === 'https:' ? 'https' : 'http';
    options.maxNetworkRetries = 0;
  }
  return new Stripe(config.STRIPE_SECRET_KEY, options);
}
