/**
 * Receipts and invoices: a total among prices. The note is titled by who issued it (receipt-facts.ts), its key
 * points are the total with its currency, the date, how it was paid, the number of items and the largest ones with
 * their prices, and its summary lists every item with its price, the subtotal and the tax. The address, phone
 * number, till, server and thanks are never a key point.
 */
import type { SummaryDraft } from '@snapnotes/contracts';
import { joinAnd, shorten } from '../text.js';
import {
  type Amount,
  type Item,
  endAmount,
  findDate,
  findIssuer,
  findItems,
  findPayment,
  findTotal,
  pageCurrency,
  printedCount,
  withCurrency,
} from './receipt-facts.js';
import type { Row } from './rows.js';

export interface Receipt {
  merchant: string | null;
  /** OCR's confidence in the merchant's row (absent when the page came as text). */
  merchantConfidence?: number;
  items: Item[];
  /** The total with its currency, as it will be shown ("RM 327.00"); null when it could not be read. */
  total: string | null;
  /** The subtotal with its currency, said when the total could not be read. */
  subtotal: string | null;
  /** The number of items: as printed ("TOTAL QTY: 9"), else the item rows counted. */
  itemCount: number;
  payment: string | null;
  /** A date (and time) printed on it. */
  when: string | null;
  /** Subtotal and tax rows, as printed ("Subtotal 13.98", "GST 6% 1.20"). */
  extras: string[];
  currency: string | null;
}

const EXTRA_RE =
  /^(?:sub-?\s*total|(?:total\s*)?(?:gst|sst|vat|tax|tva|mwst|iva)\b|service\s*charge|rounding|discount)/iu;

/**
 * The receipt on a page, or null: a total and, above it, at least two rows ending with a price, or one price and
 * a date (a parking ticket, a one-item bill).
 */
export function findReceipt(rows: readonly Row[]): Receipt | null {
  const total = findTotal(rows);
  const when = findDate(rows);
  // The items stand above the total, or above the first total-like row when the total could not be read.
  const totalLike = rows.findIndex((r) => /\bsub-?\s*total\b|\btota[l1i]\b/iu.test(r.text));
  const upTo = total?.row ?? (totalLike < 0 ? rows.length : totalLike);
  const priced = rows.slice(0, upTo).filter((r) => endAmount(r.text) && /\p{L}/u.test(r.text)).length;
  if (total ? priced < 2 && !(priced >= 1 && when) : !unreadTotal(rows, when)) return null;
  const currency = pageCurrency(rows);
  const issuer = findIssuer(rows);
  const items = findItems(rows, upTo);
  const extras = rows
    .filter((r) => EXTRA_RE.test(r.text) && endAmount(r.text))
    .map((r) => r.text)
    .slice(0, 4);
  const sub = total ? -1 : rows.findIndex((r) => SUBTOTAL_RE.test(r.text) && endAmount(r.text));
  const paid = total?.amount ?? (sub >= 0 ? totalBelow(rows, sub) : null);
  return {
    merchant: issuer?.name ?? null,
    ...(issuer?.confidence === undefined ? {} : { merchantConfidence: issuer.confidence }),
    items,
    total: paid ? withCurrency(paid, currency) : null,
    subtotal: sub >= 0 ? withCurrency(endAmount(rows[sub]!.text)!, currency) : null,
    itemCount: printedCount(rows) ?? items.length,
    payment: findPayment(rows, total?.row ?? 0),
    when,
    extras,
    currency,
  };
}

/**
 * The total whose label OCR misread ("Wo, 8 RM 73.00"): the amount printed below the subtotal that is the subtotal
 * with the tax, service charge and rounding rows between them.
 */
function totalBelow(rows: readonly Row[], sub: number): Amount | null {
  let due = endAmount(rows[sub]!.text)!.value;
  for (const r of rows.slice(sub + 1)) {
    const a = endAmount(r.text);
    if (!a) continue;
    if (EXTRA_RE.test(r.text)) due += a.value;
    else if (Math.abs(a.value - due) < 0.005 && due > 0) return a;
  }
  return null;
}

const SUBTOTAL_RE = /^(?:\d+\s+)?sub-?\s*total\b/iu;
/** What a till prints and nothing else does: its words, two of them at least, tell a receipt whose total OCR lost. */
const TILL_WORDS: RegExp[] = [
  /\btax\s*invoice\b|\breceipt\b|\bcash\s*(?:sales?|bill)\b/iu,
  /\bcashier\b|\bstation\b|\bcounter\b/iu,
  /\bsub-?\s*total\b/iu,
  /\bchange\b|\btendered\b/iu,
  /\b(?:gst|sst|vat)\b/iu,
  /\bthank\s*you\b|\bcome\s*again\b/iu,
  /\bqty\b|\bitem\s*count\b/iu,
];

/**
 * A receipt whose total OCR misread (its label or its amount): a date, two rows ending with a price, and a till's
 * words (a tax invoice, a cashier, a subtotal, the change, the tax, the thanks) — still a receipt, its header, items
 * and date stated, its total not guessed.
 */
function unreadTotal(rows: readonly Row[], when: string | null): boolean {
  if (!when) return false;
  const priced = rows.filter((r) => endAmount(r.text)).length;
  const words = TILL_WORDS.filter((re) => rows.some((r) => re.test(r.text))).length;
  return priced >= 2 && words >= 3;
}

/** "Soon Huat Machinery Enterprise receipt" (`merchant` is the OCR-checked name). */
export function receiptTitle(merchant: string | null): string {
  return merchant ? `${merchant} receipt` : 'Receipt';
}

const price = (a: Amount, currency: string | null) => withCurrency(a, currency);

export function receiptSummary(receipt: Receipt, title: string, engine: string): SummaryDraft {
  const { items, currency } = receipt;
  const largest = [...items].sort((a, b) => b.price.value - a.price.value).slice(0, 3);
  const keyPoints = [
    ...(receipt.total ? [`Total: ${receipt.total}`] : receipt.subtotal ? [`Subtotal: ${receipt.subtotal}`] : []),
    ...(receipt.when ? [`Date: ${receipt.when}`] : []),
    ...(receipt.payment ? [`Paid by ${receipt.payment}`] : []),
    `${receipt.itemCount} item${receipt.itemCount === 1 ? '' : 's'}${
      largest.length > 0
        ? `; the largest: ${shorten(joinAnd(largest.map((i) => `${i.name} (${price(i.price, currency)})`)), 130)}`
        : ''
    }`,
  ];
  const from = receipt.merchant ? ` from ${receipt.merchant}` : '';
  const when = receipt.when ? `, ${receipt.when}` : '';
  const detailedSummary = [
    `A receipt${from}${when}.`,
    items.map((i) => `- ${i.name}: ${price(i.price, currency)}`).join('\n'),
    receipt.extras.map((e) => `- ${e}`).join('\n'),
    receipt.total
      ? `Total: ${receipt.total}${receipt.payment ? `, paid by ${receipt.payment}` : ''}.`
      : 'The total could not be read.',
  ]
    .filter(Boolean)
    .join('\n\n');
  return { title, keyPoints, detailedSummary, engine };
}
