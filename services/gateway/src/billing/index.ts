export {
  BillingService,
  HANDLED_EVENTS,
  SUBSCRIPTION_UNAVAILABLE_MESSAGE,
  type BillingServiceDeps,
  type WebhookOutcome,
} from './service.js';
export { createStripeClient } from './stripe-client.js';
