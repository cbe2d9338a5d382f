/**
 * A stand-in for the Stripe REST API, for TESTS ONLY (DESIGN §3; there is no stripe-mock here). The `stripe`
 * SDK reaches it with `new Stripe(STANDIN_SECRET_KEY, { host, port, protocol: 'http', maxNetworkRetries: 0 })`.
 *
 * It speaks exactly the calls SnapNotes makes, the way Stripe does: form-encoded bodies with bracket keys,
 * `Authorization: Bearer sk_test_…`, `Idempotency-Key`, `expand[]`, Stripe-shaped objects (API 2025-03-31+:
 * `current_period_end` lives on `items.data[0]`, an invoice names its subscription at
 * `parent.subscription_details.subscription`) and Stripe's error bodies (`{ error: { type, code, message, param } }`).
 *
 * - `POST /v1/customers`, `GET /v1/customers/:id`, `DELETE /v1/customers/:id` (as Stripe: `{ id, object, deleted:
 *   true }`, and the customer's subscriptions that have not ended are canceled at once; a deleted customer is 404)
 * - `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/:id` (expand: subscription, customer)
 * - `GET /v1/subscriptions/:id` (expand: customer, latest_invoice)
 * - `DELETE /v1/subscriptions/:id` (the SDK's `subscriptions.cancel`: ends it now, status `canceled`; params
 *   `invoice_now`, `prorate`, `cancellation_details`; an already canceled subscription is answered as it is)
 * - `GET /c/pay/:id`: a hosted checkout page (the session's `url`), whose "Pay" button completes the session
 *   (and delivers `checkout.session.completed` to the webhook endpoint when one is set) and redirects to the
 *   success URL; its "Cancel" link goes to the cancel URL.
 *
 * Tests drive the rest of a subscription's life with `completeSession`, `renew`, `setCancelAtPeriodEnd`,
 * `endSubscription` and `failPayment`, and build signed webhook deliveries with `event` + `sign` (the SDK's own
 * `webhooks.generateTestHeaderString`).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

export const STANDIN_SECRET_KEY = 'sk_test_snapnotes_standin';
export const STANDIN_WEBHOOK_SECRET = 'whsec_snapnotes_standin';
/** The API version the stand-in reports on events. */
export const STANDIN_API_VERSION = '2025-03-31.basil';

export interface StandinPrice {
  id: string;
  interval: 'month' | 'year';
  /** In cents. */
  unitAmount: number;
}

export interface StripeStandinOptions {
  port?: number;
  /** Prices the stand-in knows; defaults: price_monthly_standin ($0.99/month), price_annual_standin ($6/year). */
  prices?: StandinPrice[];
  /** Where the hosted checkout page delivers `checkout.session.completed` (like a Stripe webhook endpoint). */
  webhook?: { url: string; secret: string } | null;
}

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** Parsed form body (POST) or query (GET), bracket keys expanded. */
  params: Record<string, unknown>;
  /** Whether `Authorization: Bearer <the stand-in's key>` was sent (the key itself is not kept). */
  authorized: boolean;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  status: number;
}

type Obj = Record<string, unknown>;

export interface StandinCustomer extends Obj {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  deleted?: true;
}

export interface StandinSession extends Obj {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  customer: string | null;
  client_reference_id: string | null;
  success_url: string | null;
  cancel_url: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  url: string | null;
}

export interface StandinSubscriptionItem extends Obj {
  id: string;
  object: 'subscription_item';
  price: Obj & { id: string; recurring: { interval: 'month' | 'year'; interval_count: number } };
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

export interface StandinSubscription extends Obj {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  metadata: Record<string, string>;
  latest_invoice: string | null;
  items: { object: 'list'; data: StandinSubscriptionItem[]; has_more: false; url: string };
}

export interface StandinInvoice extends Obj {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'paid' | 'open';
  billing_reason: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: Obj } };
}

export interface StandinEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Obj; previous_attributes?: Obj };
}

export interface SignedDelivery {
  /** The exact body to POST. */
  payload: string;
  /** The `Stripe-Signature` header value. */
  header: string;
}

export interface StripeStandin {
  /** http://127.0.0.1:<port>: the value for STRIPE_API_BASE. */
  url: string;
  host: string;
  port: number;
  secretKey: string;
  /** Price ids for STRIPE_PRICE_MONTHLY / STRIPE_PRICE_ANNUAL. */
  prices: { monthly: string; annual: string };
  requests: RecordedStripeRequest[];
  customers: Map<string, StandinCustomer>;
  sessions: Map<string, StandinSession>;
  subscriptions: Map<string, StandinSubscription>;
  invoices: Map<string, StandinInvoice>;
  /** A Stripe SDK client pointed at the stand-in. */
  client(): Stripe;
  /** Pays a checkout session: status complete, payment_status paid, a new active subscription. */
  completeSession(sessionId: string): { session: StandinSession; subscription: StandinSubscription };
  /** A renewal: the next period starts where the current one ends, with a paid invoice. */
  renew(subscriptionId: string): { subscription: StandinSubscription; invoice: StandinInvoice };
  /** The customer cancels at period end (or takes it back). */
  setCancelAtPeriodEnd(subscriptionId: string, value?: boolean): StandinSubscription;
  /** The subscription ends now: status canceled (what `customer.subscription.deleted` reports). */
  endSubscription(subscriptionId: string): StandinSubscription;
  /** A renewal payment fails: an open invoice, and the subscription goes past_due. */
  failPayment(subscriptionId: string): { subscription: StandinSubscription; invoice: StandinInvoice };
  /** Deletes a customer (as from the Dashboard). */
  deleteCustomer(customerId: string): void;
  /** Builds an event about a copy of `object` (as it is now). */
  event(type: string, object: Obj, opts?: { created?: number; previous?: Obj }): StandinEvent;
  /** Serialises and signs an event with the SDK's `generateTestHeaderString`. */
  sign(event: StandinEvent | string, secret?: string, opts?: { timestamp?: number }): SignedDelivery;
  /** POSTs a signed event to a webhook endpoint; resolves with the endpoint's reply. */
  deliver(url: string, event: StandinEvent, secret?: string): Promise<Response>;
  setWebhook(webhook: { url: string; secret: string } | null): void;
  /** The next `count` API calls answer 500 api_error (the SDK raises StripeAPIError). */
  failNextRequests(count: number): void;
  close(): Promise<void>;
}

const DAY = 86_400;

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** The same moment one interval later, in UTC (Stripe anchors monthly billing on the day of the month). */
export function addInterval(seconds: number, interval: 'month' | 'year'): number {
  const d = new Date(seconds * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
  body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code, doc_url: `https://stripe.com/docs/error-codes/${this.code}` } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

const missing = (kind: string, value: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${value}'`, 'resource_missing', param);

const invalid = (message: string, param?: string) =>
  new StripeApiError(400, 'invalid_request_error', message, 'parameter_invalid', param);

function allowOnly(params: Obj, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Received unknown parameter: ${key}`,
        'parameter_unknown',
        key,
      );
    }
  }
}

function optionalString(params: Obj, key: string, max = 5000): string | null {
  const v = params[key];
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string') throw invalid(`Invalid string: ${key}`, key);
  if (v.length > max) throw invalid(`Invalid string: ${key} must be at most ${max} characters`, key);
  return v;
}

function metadataOf(params: Obj, key = 'metadata'): Record<string, string> {
  const v = params[key];
  if (v === undefined || v === '') return {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid(`Invalid object: ${key}`, key);
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v as Obj)) {
    if (typeof val !== 'string') throw invalid(`Invalid metadata value for ${k}`, `${key}[${k}]`);
    out[k] = val;
  }
  return out;
}

function expandList(params: Obj): string[] {
  const e = params.expand;
  if (e === undefined) return [];
  const list = Array.isArray(e) ? e : typeof e === 'object' && e !== null ? Object.values(e as Obj) : [e];
  return list.map(String);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function startStripeStandin(opts: StripeStandinOptions = {}): Promise<StripeStandin> {
  const prices = new Map<string, StandinPrice>();
  for (const p of opts.prices ?? [
    { id: 'price_monthly_standin', interval: 'month', unitAmount: 99 },
    { id: 'price_annual_standin', interval: 'year', unitAmount: 600 },
  ]) {
    prices.set(p.id, p);
  }
  const priceIds = [...prices.values()];
  const customers = new Map<string, StandinCustomer>();
  const sessions = new Map<string, StandinSession>();
  const subscriptions = new Map<string, StandinSubscription>();
  const invoices = new Map<string, StandinInvoice>();
  /** Line items of each session (Stripe keeps them apart from the session object). */
  const sessionPrices = new Map<string, string>();
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  const requests: RecordedStripeRequest[] = [];
  let webhook = opts.webhook ?? null;
  let failing = 0;
  let baseUrl = '';

  const priceObject = (p: StandinPrice) => ({
    id: p.id,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: p.unitAmount,
    product: `prod_${p.id}`,
    type: 'recurring',
    recurring: { interval: p.interval, interval_count: 1 },
  });

  function getSubscription(subscriptionId: string): StandinSubscription {
    const sub = subscriptions.get(subscriptionId);
    if (!sub) throw missing('subscription', subscriptionId);
    return sub;
  }

  function makeInvoice(sub: StandinSubscription, status: 'paid' | 'open', reason: string): StandinInvoice {
    const item = sub.items.data[0]!;
    const price = prices.get(item.price.id)!;
    const invoice: StandinInvoice = {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      billing_reason: reason,
      currency: 'usd',
      amount_due: price.unitAmount,
      amount_paid: status === 'paid' ? price.unitAmount : 0,
      attempt_count: 1,
      attempted: true,
      created: nowSeconds(),
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      livemode: false,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
    };
    invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  function completeSession(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw missing('checkout.session', sessionId);
    if (session.status !== 'open') throw invalid(`Checkout session ${sessionId} is ${session.status}, not open`);
    const price = prices.get(sessionPrices.get(sessionId) ?? '');
    if (!price || !session.customer) throw invalid(`Checkout session ${sessionId} has no price or customer`);
    const start = nowSeconds();
    const subscription: StandinSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      currency: 'usd',
      livemode: false,
      metadata: { ...((session.subscription_data as { metadata?: Record<string, string> })?.metadata ?? {}) },
      latest_invoice: null,
      items: { object: 'list', data: [], has_more: false, url: '' },
    };
    subscription.items.url = `/v1/subscription_items?subscription=${subscription.id}`;
    subscription.items.data.push({
      id: id('si'),
      object: 'subscription_item',
      subscription: subscription.id,
      price: priceObject(price),
      quantity: 1,
      current_period_start: start,
      current_period_end: addInterval(start, price.interval),
    });
    subscriptions.set(subscription.id, subscription);
    makeInvoice(subscription, 'paid', 'subscription_create');
    session.status = 'complete';
    session.payment_status = 'paid';
    session.subscription = subscription.id;
    session.url = null;
    return { session, subscription };
  }

  function renew(subscriptionId: string) {
    const sub = getSubscription(subscriptionId);
    if (sub.status === 'canceled') throw invalid(`Subscription ${subscriptionId} is canceled`);
    const item = sub.items.data[0]!;
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(item.current_period_end, item.price.recurring.interval);
    sub.status = 'active';
    const invoice = makeInvoice(sub, 'paid', 'subscription_cycle');
    return { subscription: sub, invoice };
  }

  function setCancelAtPeriodEnd(subscriptionId: string, value = true) {
    const sub = getSubscription(subscriptionId);
    sub.cancel_at_period_end = value;
    sub.cancel_at = value ? sub.items.data[0]!.current_period_end : null;
    sub.canceled_at = value ? nowSeconds() : null;
    return sub;
  }

  function endSubscription(subscriptionId: string) {
    const sub = getSubscription(subscriptionId);
    const now = nowSeconds();
    sub.status = 'canceled';
    sub.ended_at = now;
    sub.canceled_at ??= now;
    return sub;
  }

  function failPayment(subscriptionId: string) {
    const sub = getSubscription(subscriptionId);
    const item = sub.items.data[0]!;
    // The renewal period starts, its invoice cannot be paid: Stripe moves the subscription to past_due.
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(item.current_period_end, item.price.recurring.interval);
    sub.status = 'past_due';
    const invoice = makeInvoice(sub, 'open', 'subscription_cycle');
    return { subscription: sub, invoice };
  }

  function expandSession(session: StandinSession, expand: string[]): Obj {
    const out: Obj = { ...session };
    delete out.subscription_data;
    if (expand.includes('subscription') && session.subscription) {
      out.subscription = structuredClone(subscriptions.get(session.subscription));
    }
    if (expand.includes('customer') && session.customer)
      out.customer = structuredClone(customers.get(session.customer));
    return out;
  }

  function expandSubscription(sub: StandinSubscription, expand: string[]): Obj {
    const out: Obj = structuredClone(sub);
    if (expand.includes('customer')) out.customer = structuredClone(customers.get(sub.customer));
    if (expand.includes('latest_invoice') && sub.latest_invoice) {
      out.latest_invoice = structuredClone(invoices.get(sub.latest_invoice));
    }
    return out;
  }

  function createCustomer(params: Obj): StandinCustomer {
    allowOnly(params, ['email', 'name', 'metadata', 'description', 'expand']);
    const customer: StandinCustomer = {
      id: id('cus'),
      object: 'customer',
      created: nowSeconds(),
      email: optionalString(params, 'email', 512),
      name: optionalString(params, 'name', 256),
      description: optionalString(params, 'description'),
      metadata: metadataOf(params),
      livemode: false,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function createSession(params: Obj): StandinSession {
    allowOnly(params, [
      'mode',
      'customer',
      'customer_email',
      'client_reference_id',
      'line_items',
      'success_url',
      'cancel_url',
      'metadata',
      'subscription_data',
      'allow_promotion_codes',
      'billing_address_collection',
      'locale',
      'expand',
    ]);
    const mode = optionalString(params, 'mode');
    if (!mode) throw invalid('Missing required param: mode.', 'mode');
    if (mode !== 'subscription') throw invalid(`The stand-in only supports mode=subscription (got ${mode})`, 'mode');
    const lineItems = params.line_items;
    if (!Array.isArray(lineItems) || lineItems.length === 0) {
      throw invalid('Missing required param: line_items.', 'line_items');
    }
    if (lineItems.length !== 1) throw invalid('The stand-in supports one line item', 'line_items');
    const item = lineItems[0] as Obj;
    const priceId = typeof item.price === 'string' ? item.price : '';
    if (!prices.has(priceId)) throw missing('price', priceId, 'line_items[0][price]');
    if (item.quantity !== undefined && !/^[1-9]\d*$/.test(String(item.quantity))) {
      throw invalid('Invalid positive integer', 'line_items[0][quantity]');
    }
    const successUrl = optionalString(params, 'success_url');
    if (!successUrl) throw invalid('Missing required param: success_url.', 'success_url');
    for (const key of ['success_url', 'cancel_url'] as const) {
      const v = optionalString(params, key);
      if (v && !/^https?:\/\//.test(v)) throw invalid(`Not a valid URL`, key);
    }
    const customer = optionalString(params, 'customer');
    if (customer) {
      const c = customers.get(customer);
      if (!c || c.deleted) throw missing('customer', customer, 'customer');
    }
    const subscriptionData = params.subscription_data as Obj | undefined;
    if (subscriptionData !== undefined) {
      if (typeof subscriptionData !== 'object' || subscriptionData === null) {
        throw invalid('Invalid object', 'subscription_data');
      }
      allowOnly(subscriptionData, ['metadata', 'description']);
    }
    const session: StandinSession = {
      id: `cs_test_${randomBytes(16).toString('hex')}`,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      customer: customer ?? null,
      customer_email: optionalString(params, 'customer_email'),
      client_reference_id: optionalString(params, 'client_reference_id', 200),
      success_url: successUrl,
      cancel_url: optionalString(params, 'cancel_url'),
      metadata: metadataOf(params),
      subscription: null,
      url: null,
      currency: 'usd',
      amount_total: prices.get(priceId)!.unitAmount,
      created: nowSeconds(),
      expires_at: nowSeconds() + DAY,
      livemode: false,
      subscription_data: subscriptionData ? { metadata: metadataOf(subscriptionData) } : {},
    };
    session.url = `${baseUrl}/c/pay/${session.id}`;
    sessions.set(session.id, session);
    sessionPrices.set(session.id, priceId);
    return session;
  }

  /** Routes an authenticated API call; returns the JSON body. */
  function api(method: string, path: string, params: Obj): unknown {
    const parts = path.split('/').filter(Boolean); // ['v1', ...]
    const expand = expandList(params);
    if (parts[0] !== 'v1')
      throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
    const [, resource, a, b] = parts;
    if (resource === 'customers' && method === 'POST' && !a) return createCustomer(params);
    if (resource === 'customers' && method === 'GET' && a && !b) {
      const c = customers.get(a);
      if (!c) throw missing('customer', a);
      return c.deleted ? { id: c.id, object: 'customer', deleted: true } : c;
    }
    if (resource === 'customers' && method === 'DELETE' && a && !b) {
      allowOnly(params, []);
      const c = customers.get(a);
      if (!c || c.deleted) throw missing('customer', a);
      c.deleted = true;
      for (const sub of subscriptions.values()) {
        if (sub.customer === a && sub.status !== 'canceled' && sub.status !== 'incomplete_expired') {
          endSubscription(sub.id);
        }
      }
      return { id: c.id, object: 'customer', deleted: true };
    }
    if (resource === 'checkout' && a === 'sessions') {
      if (method === 'POST' && !b) return expandSession(createSession(params), expand);
      if (method === 'GET' && b) {
        const s = sessions.get(b);
        if (!s) throw missing('checkout.session', b);
        return expandSession(s, expand);
      }
    }
    if (resource === 'subscriptions' && method === 'GET' && a && !b) {
      return expandSubscription(getSubscription(a), expand);
    }
    if (resource === 'subscriptions' && method === 'DELETE' && a && !b) {
      allowOnly(params, ['invoice_now', 'prorate', 'cancellation_details', 'expand']);
      const sub = getSubscription(a);
      if (sub.status !== 'canceled') endSubscription(a);
      return expandSubscription(sub, expand);
    }
    throw new StripeApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}). The SnapNotes stand-in serves only the calls the gateway makes.`,
    );
  }

  function sendJson(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(7).toString('hex')}`,
    });
    res.end(JSON.stringify(body));
  }

  function checkoutPage(session: StandinSession): string {
    const price = prices.get(sessionPrices.get(session.id) ?? '');
    const amount = price ? `$${(price.unitAmount / 100).toFixed(2)} / ${price.interval}` : '';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in checkout</title></head>
<body><main><h1>Stripe stand-in checkout</h1><p>SnapNotes Premium: <span id="amount">${escapeHtml(amount)}</span></p>
<form method="post" action="/c/pay/${session.id}/pay"><button type="submit">Pay and subscribe</button></form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>` : ''}</main></body></html>`;
  }

  async function hosted(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const m = /^\/c\/pay\/(cs_[A-Za-z0-9_]+)(\/pay)?$/.exec(path);
    if (!m) return false;
    const session = sessions.get(m[1]!);
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('No such checkout session');
      return true;
    }
    if (req.method === 'GET' && !m[2]) {
      if (session.status !== 'open') {
        res.writeHead(410, { 'content-type': 'text/plain' }).end('This checkout session is no longer open');
        return true;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage(session));
      return true;
    }
    if (req.method === 'POST' && m[2]) {
      await readBody(req);
      completeSession(session.id);
      if (webhook) {
        const evt = standin.event('checkout.session.completed', expandSession(session, []));
        await standin.deliver(webhook.url, evt, webhook.secret).catch(() => undefined);
      }
      const target = (session.success_url ?? '/').replace('{CHECKOUT_SESSION_ID}', session.id);
      res.writeHead(303, { location: target }).end();
      return true;
    }
    res.writeHead(405, { 'content-type': 'text/plain' }).end('Method not allowed');
    return true;
  }

  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const method = req.method ?? 'GET';
      try {
        if (await hosted(req, res, url.pathname)) return;
      } catch (err) {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' }).end((err as Error).message);
        return;
      }
      const raw = method === 'GET' || method === 'DELETE' ? url.search.slice(1) : await readBody(req);
      const params = qs.parse(raw, { depth: 10, arrayLimit: 100, parameterLimit: 1000 }) as Obj;
      const auth = req.headers.authorization ?? '';
      const authorized = auth === `Bearer ${STANDIN_SECRET_KEY}`;
      const idempotencyKey =
        typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
      const record: RecordedStripeRequest = {
        method,
        path: url.pathname,
        params,
        authorized,
        idempotencyKey,
        stripeVersion: typeof req.headers['stripe-version'] === 'string' ? req.headers['stripe-version'] : undefined,
        status: 0,
      };
      requests.push(record);
      const reply = (status: number, body: unknown) => {
        record.status = status;
        sendJson(res, status, body);
      };
      if (!/^Bearer sk_(test|live)_\S+$/.test(auth)) {
        return reply(401, {
          error: {
            type: 'invalid_request_error',
            message:
              'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.',
          },
        });
      }
      if (!authorized) {
        return reply(401, {
          error: {
            type: 'invalid_request_error',
            code: 'api_key_invalid',
            message: 'Invalid API Key provided: sk_test_****',
          },
        });
      }
      if (failing > 0) {
        failing--;
        return reply(500, { error: { type: 'api_error', message: 'An unknown error occurred (stand-in failure).' } });
      }
      const paramsKey = JSON.stringify(params);
      if (method === 'POST' && idempotencyKey) {
        const seen = idempotent.get(idempotencyKey);
        if (seen) {
          if (seen.params !== paramsKey) {
            return reply(400, {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
              },
            });
          }
          return reply(seen.status, seen.body);
        }
      }
      let status = 200;
      let body: unknown;
      try {
        body = api(method, url.pathname, params);
      } catch (err) {
        if (!(err instanceof StripeApiError)) throw err;
        status = err.status;
        body = err.body();
      }
      if (method === 'POST' && idempotencyKey && status < 500)
        idempotent.set(idempotencyKey, { params: paramsKey, status, body });
      reply(status, body);
    })().catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { type: 'api_error', message: String(err) } });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  const sdk = new Stripe(STANDIN_SECRET_KEY, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });

  const monthly = priceIds.find((p) => p.interval === 'month')?.id ?? '';
  const annual = priceIds.find((p) => p.interval === 'year')?.id ?? '';

  const standin: StripeStandin = {
    url: baseUrl,
    host: '127.0.0.1',
    port,
    secretKey: STANDIN_SECRET_KEY,
    prices: { monthly, annual },
    requests,
    customers,
    sessions,
    subscriptions,
    invoices,
    client: () => sdk,
    completeSession,
    renew,
    setCancelAtPeriodEnd,
    endSubscription,
    failPayment,
    deleteCustomer(customerId) {
      const c = customers.get(customerId);
      if (!c) throw missing('customer', customerId);
      c.deleted = true;
    },
    event(type, object, eventOpts = {}) {
      return {
        id: id('evt'),
        object: 'event',
        type,
        created: eventOpts.created ?? nowSeconds(),
        api_version: STANDIN_API_VERSION,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: {
          object: structuredClone(object),
          ...(eventOpts.previous ? { previous_attributes: eventOpts.previous } : {}),
        },
      };
    },
    sign(event, secret = STANDIN_WEBHOOK_SECRET, signOpts = {}) {
      const payload = typeof event === 'string' ? event : JSON.stringify(event, null, 2);
      const header = sdk.webhooks.generateTestHeaderString({
        payload,
        secret,
        ...(signOpts.timestamp !== undefined ? { timestamp: signOpts.timestamp } : {}),
      });
      return { payload, header };
    },
    async deliver(target, event, secret = STANDIN_WEBHOOK_SECRET) {
      const { payload, header } = standin.sign(event, secret);
      return fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': header,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
    },
    setWebhook(w) {
      webhook = w;
    },
    failNextRequests(count) {
      failing = count;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standin;
}
