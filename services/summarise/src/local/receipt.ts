/**
 * Receipts: lines ending with prices and a total. The note is titled by the merchant (the receipt's heading, else
 * its first line of words above the prices), its key points are the total, the payment and the items bought, and
 * the address, phone number, till, server and thanks are left out.
 */
import type { SummaryDraft } from '@snapnotes/contracts';
import type { Block } from '../clean.js';
import { CLOCK_RE, furnitureOf } from '../furniture.js';
import { joinAnd, shorten, tidyHeading } from '../text.js';

const PRICE_END_RE = /(?:^|\s)[£$€¥₹]?\s?-?\d{1,6}[.,]\d{2}\s?(?:[£$€]|EUR|USD|GBP)?\s*[A-Z]?$/u;
const TOTAL_RE =
  /^(?:grand\s+)?(?:total|amount due|balance due|to pay|summe|gesamt|gesamtbetrag|total ttc|montant|importe|total a pagar)\b/iu;
const SUBTOTAL_RE = /^(?:sub-?total|vat|tax|tva|mwst|iva|service|tip|discount|change|cash|rounding)\b/iu;
const PAYMENT_RE =
  /\b(?:visa|mastercard|amex|maestro|debit|credit|card|contactless|apple pay|google pay|cash|paid by)\b/iu;
const NOT_MERCHANT_RE =
  /^\d|^(?:tel|phone|vat|reg|table|server|till|cashier|receipt|invoice|order|open|www\.|http)|@|\b\d{3,}\b/iu;

export interface Receipt {
  merchant: string | null;
  items: { name: string; price: string }[];
  total: string | null;
  payment: string | null;
  /** A date (and time) printed on it. */
  when: string | null;
}

function lines(blocks: Block[]): string[] {
  return blocks.flatMap((b) => (b.type === 'list' ? b.items : b.type === 'code' ? b.lines : [b.text]));
}

function priceOf(line: string): string | null {
  const m = PRICE_END_RE.exec(line);
  return m ? m[0].trim() : null;
}

/** The receipt on a page, or null: at least three lines ending with a price, and a total. */
export function findReceipt(blocks: Block[], heading: string | null): Receipt | null {
  const all = lines(blocks).map((l) => l.trim());
  const priced = all.filter((l) => priceOf(l) && /\p{L}/u.test(l));
  const totalLine = all.find((l) => TOTAL_RE.test(l) && priceOf(l));
  if (priced.length < 3 || !totalLine) return null;
  const firstPrice = all.findIndex((l) => priceOf(l) && /\p{L}/u.test(l));
  const merchantLine =
    heading ??
    all
      .slice(0, Math.max(0, firstPrice))
      .find((l) => /\p{L}{3,}/u.test(l) && !NOT_MERCHANT_RE.test(l) && !furnitureOf(l) && !CLOCK_RE.test(l)) ??
    null;
  const items = priced
    .filter((l) => !TOTAL_RE.test(l) && !SUBTOTAL_RE.test(l) && !PAYMENT_RE.test(l))
    .map((l) => {
      const price = priceOf(l)!;
      return { name: l.slice(0, l.length - price.length).trim(), price };
    });
  const payment = all.find((l) => PAYMENT_RE.test(l) && l !== totalLine) ?? null;
  const dated = all.find((l) => furnitureOf(l) === 'date');
  return {
    merchant: merchantLine ? tidyHeading(merchantLine) : null,
    items,
    total: priceOf(totalLine),
    payment: payment ? payment.replace(PRICE_END_RE, '').trim() : null,
    when: dated ? dated.replace(/\b(?:till|server|table)\b.*$/iu, '').trim() : null,
  };
}

/** "Green Leaf Market receipt" (`merchant` is the OCR-checked merchant name). */
export function receiptTitle(merchant: string | null): string {
  return merchant ? `${merchant} receipt` : 'Receipt';
}

export function receiptSummary(receipt: Receipt, title: string, engine: string): SummaryDraft {
  const from = receipt.merchant ? ` from ${receipt.merchant}` : '';
  const when = receipt.when ? ` on ${receipt.when}` : '';
  const keyPoints = [
    `Total ${receipt.total}${receipt.payment ? `, paid by ${receipt.payment.replace(/^paid by\s+/i, '')}` : ''}`,
    `${receipt.items.length} item${receipt.items.length === 1 ? '' : 's'}: ${shorten(joinAnd(receipt.items.map((i) => i.name)), 140)}`,
    ...receipt.items
      .slice()
      .sort((a, b) => parseFloat(b.price.replace(/[^\d.]/g, '')) - parseFloat(a.price.replace(/[^\d.]/g, '')))
      .slice(0, 2)
      .map((i) => `${i.name}: ${i.price}`),
  ];
  const detailedSummary = [
    `A receipt${from}${when}.`,
    receipt.items.map((i) => `- ${i.name}: ${i.price}`).join('\n'),
    `Total: ${receipt.total}${receipt.payment ? ` (${receipt.payment})` : ''}.`,
  ].join('\n\n');
  return { title, keyPoints, detailedSummary, engine };
}
