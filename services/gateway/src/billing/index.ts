export {
  BillingService,
  PAYMENTS_NOT_CONFIGURED_LOG,
  SUBSCRIPTION_UNAVAILABLE_MESSAGE,
  type BillingServiceDeps,
} from './service.js';
export { HANDLED_EVENTS, type WebhookOutcome } from './webhooks.js';
export { createStripeClient } from './stripe-client.js';
