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
  /** The total with its currency, as it will be shown ("RM 327.00"). */
  total: string;
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
  if (!total) return null;
  const priced = rows.slice(0, total.row).filter((r) => endAmount(r.text) && /\p{L}/u.test(r.text)).length;
  const when = findDate(rows);
  if (priced < 2 && !(priced >= 1 && when)) return null;
  const currency = pageCurrency(rows);
  const issuer = findIssuer(rows);
  const items = findItems(rows, total.row);
  const extras = rows
    .filter((r) => EXTRA_RE.test(r.text) && endAmount(r.text))
    .map((r) => r.text)
    .slice(0, 4);
  return {
    merchant: issuer?.name ?? null,
    ...(issuer?.confidence === undefined ? {} : { merchantConfidence: issuer.confidence }),
    items,
    total: withCurrency(total.amount, currency),
    itemCount: printedCount(rows) ?? items.length,
    payment: findPayment(rows, total.row),
    when,
    extras,
    currency,
  };
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
    `Total: ${receipt.total}`,
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
    `Total: ${receipt.total}${receipt.payment ? `, paid by ${receipt.payment}` : ''}.`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return { title, keyPoints, detailedSummary, engine };
}
