/**
 * The facts of a receipt or an invoice, read from its rows (rows.ts): who issued it, when, the total with its
 * currency, how it was paid, and the items with their prices. Written for receipts as printed anywhere — a shop's
 * name above its address, "TOTAL", "Grand Total", "Jumlah", "Summe" or "Total TTC" beside the amount or on the row
 * below, dates as 11/01/2019, 2016/05/01, 05 MAR 2018 or Oct 3, 2016 — never for one sample's layout.
 */
import { tidyHeading } from '../text.js';
import type { Row } from './rows.js';

/** Currency marks and codes a price may carry before or after it. */
const CURRENCY = String.raw`(?:RM|MYR|S\$|SGD|US\$|USD|EUR|GBP|AUD|CAD|CHF|INR|Rs\.?|[$€£¥₹])`;
/** An amount with two decimals: 1.68, 1,234.50, 1.234,50, RM 57.40, $8.20, 13,98 €. */
const AMOUNT_SRC = String.raw`(?<![\d.,])(${CURRENCY}\s?)?(-?\d{1,3}(?:[,.' ]\d{3})*|-?\d+)[.,] ?(\d{2})(?![\d])(\s?(?:€|EUR|USD|GBP|CHF|kr))?`;
const AMOUNT_G = new RegExp(AMOUNT_SRC, 'giu');
/** After the last amount of a row: a tax code ("SR", "ZR", "A", "*") at most. */
const AMOUNT_END_RE = new RegExp(`${AMOUNT_SRC}\\s*(?:[A-Za-z]{1,2}|\\*|[()A-Z]{3})?\\s*$`, 'u');

/**
 * An amount's digits as the patterns above read them: an O read for a zero ("RMO.94", "1O.50"), and whole amounts
 * in a currency without cents (¥1,640, 1,640円, ₩12,000) given their ".00".
 */
const digitsOf = (text: string) =>
  text
    .replace(/(?<=\d[.,]?)[Oo]|[Oo](?=[.,]\s?\d)/g, '0')
    .replace(/([¥₩]|JPY\s?|KRW\s?)(\d{1,3}(?:,\d{3})*|\d+)(?![\d.,])/gu, '$1$2.00')
    .replace(/(?<![\d.,])(\d{1,3}(?:,\d{3})*|\d+)\s?円/gu, '¥$1.00');

export interface Amount {
  /** As printed (its currency included). */
  text: string;
  value: number;
  currency: string | null;
}

function amountOf(m: RegExpExecArray): Amount {
  const whole = m[2]!.replace(/[,.' ]/g, '');
  const currency = (m[1] ?? m[4] ?? '').trim() || null;
  return { text: m[0].trim(), value: Number(`${whole}.${m[3]}`), currency };
}

/** The amount a row ends with, or null. */
export function endAmount(text: string): Amount | null {
  const m = AMOUNT_END_RE.exec(digitsOf(text));
  return m ? amountOf(m) : null;
}

/** Every amount in a row. */
function amountsIn(text: string): Amount[] {
  return [...digitsOf(text).matchAll(AMOUNT_G)].map((m) => amountOf(m as RegExpExecArray));
}

/** A row that is nothing but an amount (a value printed below its label). */
function amountOnly(text: string): Amount | null {
  const a = endAmount(text);
  return a &&
    digitsOf(text)
      .replace(AMOUNT_END_RE, '')
      .replace(/[\s:=]/g, '') === ''
    ? a
    : null;
}

// Totals, most final first: what was paid, then what was due, then a plain "Total".
const TOTAL_RANKS: [RegExp, number][] = [
  [
    /^due\b|\b(?:grand\s*total|nett?\s*total|total\s*(?:amount\s*)?(?:payable|due|to pay)|amount\s*(?:due|payable)|balance\s*due|rounded\s*total|total\s*rounded|total\s*after|to\s*pay|a\s*pagar|à\s*payer|zu\s*zahlen|total\s*ttc)\b/iu,
    3,
  ],
  [/\b(?:total\s*(?:incl|inc\b|inclusive|sales\s*\(incl)|total\s*amount|total\s*sales|gesamtbetrag|summe|jumlah)/iu, 2],
  // "Totai", "Tota1" and "TOT.." as OCR reads a worn "TOTAL".
  [/\b(?:tota[l1i]|tot\.{1,2}|gesamt|montant|importe|totale|totaal)(?:\b|(?<=\.))/iu, 1],
];
/** Totals that are not what was paid. */
const NOT_TOTAL_RE =
  /\b(?:sub-?\s*total|total\s*(?:qty|qry|quantity|items?|item\(s\)|pcs|units|discount|savings?|saved|gst|tax|vat|before|weight|points?|tendered)|(?:gst|tax|vat)\s*total|qty|quantity|excl(?:\.|uding|usive)?|before\s+(?:tax|gst|vat)|nett?\s+of\s+tax)\b/iu;
/** The tax summary printed below the total: its "Total" rows are the tax's. */
const TAX_SUMMARY_RE = /\b(?:gst|sst|tax|vat|tva|mwst)\s*summary\b|^\s*tax\s*code\b/iu;
/** What was handed over, and what was given back. */
const TENDERED_RE =
  /^(?:cash|tendered|amount\s*tendered|paid|amount\s*paid|payment|card|visa|master\s*card|debit|credit)\b/iu;
const CHANGE_RE = /^(?:change|change\s*due|balance\s*returned)\b/iu;

export interface Labelled {
  amount: Amount;
  /** Index of the row holding the label. */
  row: number;
}

/** The row's amount, or the next row's when the label stands alone ("TOTAL" above "327.00"). */
function labelledAmount(rows: readonly Row[], i: number): Amount | null {
  const own = endAmount(rows[i]!.text);
  if (own) return own;
  const next = rows[i + 1];
  return next ? amountOnly(next.text) : null;
}

/**
 * The total paid: the most final total on the page ("Grand Total" over "Total"), the last one of that rank above
 * the tax summary; when no total can be read (its label or its amount misread), what was tendered less the change.
 */
export function findTotal(rows: readonly Row[]): Labelled | null {
  let best: (Labelled & { rank: number }) | null = null;
  const summary = rows.findIndex((r) => TAX_SUMMARY_RE.test(r.text));
  const end = summary < 0 ? rows.length : summary;
  rows.slice(0, end).forEach((r, i) => {
    if (NOT_TOTAL_RE.test(r.cells[0] ?? r.text) && !TOTAL_RANKS[0]![0].test(r.text)) return;
    const rank = TOTAL_RANKS.find(([re]) => re.test(r.text))?.[1];
    if (!rank) return;
    const amount = labelledAmount(rows, i);
    if (!amount || amount.value <= 0) return;
    if (!best || rank > best.rank || (rank === best.rank && i > best.row)) best = { amount, row: i, rank };
  });
  if (best) {
    const { amount, row } = best as Labelled & { rank: number };
    return { amount: rounded(rows.slice(row + 1, Math.min(end, row + 5)), amount), row };
  }
  return tenderedLessChange(rows.slice(0, end));
}

/**
 * The total as paid when the receipt rounds it (to 5 cents, say): a rounding row or an exact payment just below,
 * a few cents off the total ("Total 181.98", "Rounding 182.00", "Credit 182.00").
 */
function rounded(below: readonly Row[], total: Amount): Amount {
  for (const r of below) {
    if (!/\bround/iu.test(r.text) && !TENDERED_RE.test(r.text)) continue;
    const a = endAmount(r.text);
    if (a && a.value !== total.value && Math.abs(a.value - total.value) <= 0.05)
      return { ...a, currency: a.currency ?? total.currency };
  }
  return total;
}

function tenderedLessChange(rows: readonly Row[]): Labelled | null {
  const paidAt = rows.findIndex((r) => TENDERED_RE.test(r.text) && endAmount(r.text));
  if (paidAt < 0) return null;
  const paid = endAmount(rows[paidAt]!.text)!;
  const change = rows.slice(paidAt + 1, paidAt + 4).find((r) => CHANGE_RE.test(r.text) && endAmount(r.text));
  const back = change ? endAmount(change.text)!.value : 0;
  if (!change || paid.value - back <= 0) return null;
  const value = Math.round((paid.value - back) * 100) / 100;
  return { amount: { text: value.toFixed(2), value, currency: paid.currency }, row: paidAt };
}

/** The currency the page prints its prices in, when it says. */
export function pageCurrency(rows: readonly Row[]): string | null {
  const counts = new Map<string, number>();
  const bump = (c: string | null | undefined) => c && counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const r of rows) {
    for (const a of amountsIn(r.text)) bump(a.currency);
    // A column header or a label: "Amount (RM)", "Total RM".
    const m = /\b(RM|MYR|SGD|USD|EUR|GBP|AUD|CAD|CHF)\b|[$€£¥₹]/u.exec(r.text);
    if (m && !/\d/.test(r.text.slice(m.index))) bump(m[1] ?? m[0]);
  }
  let best: string | null = null;
  for (const [c, n] of counts) if (best === null || n > counts.get(best)!) best = c;
  return best;
}

/** "RM 327.00", "$8.20", "13,98 €": the amount with its currency, the page's when it prints none beside it. */
export function withCurrency(amount: Amount, currency: string | null): string {
  if (amount.currency || !currency) return amount.text;
  return /^[$€£¥₹]$/u.test(currency) ? `${currency}${amount.text}` : `${currency} ${amount.text}`;
}

const MONTH_NAMES =
  'jan(?:uary|vier|uar)?|feb(?:ruary|ruar)?|févr(?:ier)?|mar(?:ch|s)?|mac|märz|apr(?:il)?|avr(?:il)?|may|mai|mei|jun(?:e|i)?|juin|jul(?:y|i)?|juil(?:let)?|aug(?:ust)?|août|ogos|sep(?:t(?:ember|embre)?)?|[o0]ct(?:ober|obre)?|okt(?:ober)?|n[o0]v(?:ember|embre)?|dec(?:ember)?|déc(?:embre)?|dez(?:ember)?|dis';
const MONTH_RE = new RegExp(`(?:${MONTH_NAMES})`, 'iu');
const DATE_RES = [
  // 11/01/2019, 14-03-2018, 17.02.18, 2016/05/01; a time glued to the year ("31-03-201818:12:41")
  /(?<![\d/.-])(?:\d{1,2}([/.-])\d{1,2}\1(?:\d{2}(?=\d{2}:\d\d)|\d{4}(?=\d{1,2}:\d\d)|(?:\d{4}|\d{2})(?![\d/-]))|\d{4}([/.-])\d{1,2}\2\d{1,2}(?![\d/-]))/u,
  // 05 MAR 2018, 02/JAN/2017, 3 janvier 2024
  new RegExp(
    `(?<![\\d])\\d{1,2}(?:st|nd|rd|th|er|\\.)?[\\s/.-]*(?:${MONTH_NAMES})\\.?[\\s/.,-]*(?:\\d{4}(?=\\d{1,2}:\\d\\d)|(?:\\d{4}|\\d{2})(?![\\d]))`,
    'iu',
  ),
  // Oct 3, 2016
  new RegExp(`\\b(?:${MONTH_NAMES})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`, 'iu'),
];
const TIME_RE = /(?<![.:])(?<![\d.:]\d{2})\d{1,2}:[0-5]\d(?::[0-5]\d)?(?:\s*[AaPp]\.?[Mm]\.?)?(?![\d:])/u;

/** A plausible calendar date (day and month in range, either order for numeric dates). */
function plausible(date: string): boolean {
  const nums = date.replace(MONTH_RE, ' ').match(/\d+/g)?.map(Number) ?? [];
  if (nums.length === 3) {
    const [a, b, c] = nums as [number, number, number];
    if (a > 31) return b >= 1 && b <= 12 && c >= 1 && c <= 31;
    return a >= 1 && a <= 31 && b >= 1 && b <= 31 && (a <= 12 || b <= 12) && (c < 100 || (c > 1970 && c < 2100));
  }
  return nums.length === 2 && nums.some((n) => n >= 1 && n <= 31);
}

/** The date printed (and the time beside it), preferring a row labelled "Date". */
export function findDate(rows: readonly Row[]): string | null {
  let found: { text: string; labelled: boolean } | null = null;
  for (const [i, r] of rows.entries()) {
    for (const re of DATE_RES) {
      const m = re.exec(r.text);
      if (!m || !plausible(m[0])) continue;
      const labelled = /\b(?:date|dated|tarikh|datum|fecha)\b/iu.test(r.text);
      if (!found || (labelled && !found.labelled)) {
        // The time beside the date, else on a row labelled "Time" just below it.
        const below = rows.slice(i + 1, i + 3).find((b) => /\b(?:time|masa|zeit|heure|hora)\b/iu.test(b.text));
        const time =
          TIME_RE.exec(r.text.slice(m.index + m[0].length)) ??
          TIME_RE.exec(r.text) ??
          (below && TIME_RE.exec(below.text));
        found = { text: time ? `${m[0]} ${time[0]}` : m[0], labelled };
      }
      break;
    }
    if (found?.labelled) break;
  }
  // A zero read for the O of a month ("10 0CT 2017", "N0V") goes back to a letter.
  return found
    ? found.text
        .replace(/\s+/g, ' ')
        .replace(/\b0(?=ct\b)|(?<=\bn)0(?=v\b)/giu, (z, at: number, all: string) =>
          /\p{Lu}/u.test(all.charAt(at + 1)) ? 'O' : 'o',
        )
        .trim()
    : null;
}

/** Words that end or make a business's name: a company, a shop, a restaurant. */
const BUSINESS_RE =
  /\b(?:sdn\.?\s*bhd|bhd|s\/b|plt|ltd|limited|llc|l\.?l\.?c|inc|corp(?:oration)?|co\.|company|gmbh|ag|sarl|s\.?a\.?s?|s\.?r\.?l|s\.?p\.?a|b\.?v|pty|enterprises?|trading|restaurants?|restoran|cafe|café|coffee|bakery|bakeries|hardware|pharmacy|mart|market|supermarket|hypermarket|stores?|shop|stationery|kedai|syarikat|perniagaan|hotel|seafood|bistro|kitchen|grill|pizzeria|trattoria|boutique|electrical|station|gallery|distributor|marketing|confectionery|pasaraya|borong|services?|clinic|books?|cash\s*&\s*carry|electrical|motor|optical|florist|salon|laundry|tea|food|foods|noodles?|sushi|bar|pub|pizza|burger)\b/iu;
/** Rows that are never the issuer's name: address, contact, registration, document numbers. */
const NOT_NAME_RE =
  /@|www\.|https?:|\b(?:tel|telephone|phone|fax|hp|mobile|e-?mail|gst|sst|vat|tax|reg|regn|registration|co\.?\s*no|company\s*no|roc|invoice|receipt|bill|order|doc|table|cashier|server|till|counter|date|time|jalan|jln|lorong|taman|road|rd\.?|street|st\.|avenue|ave\.?|lane|blvd|boulevard|floor|level|lot|block|no\.\s*\d|unit|suite|postcode|rue|strasse|straße|calle|thank|thanks|returnable|refundable|come\s*again|feedback|complaint|welcome|hours|posted|customer|member|copy|reprint|closed|opening)\b|\b\d{5}\b|^\(?[A-Z]{0,3}\d[\d-]*[A-Z]?\)?$/iu;
/** A registration number after a company's name: "(519537-X)", "(JM0352019-K)", "273500-U". */
const REG_NO_RE = /\(\s*[\p{L}\d-]*\d[\p{L}\d-]*\s*\)|\b\d{5,}-\p{L}\b/gu;

const withoutRegNo = (text: string) => text.replace(REG_NO_RE, ' ').replace(/\s+/g, ' ').trim();

function nameLike(r: Row): boolean {
  const text = withoutRegNo(r.text);
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const digits = text.match(/\d/g)?.length ?? 0;
  return letters >= 3 && digits <= letters / 3 && !NOT_NAME_RE.test(text) && !endAmount(text);
}

/** Business words OCR glued to the name before them ("YONGFATTENTERPRISE"): put the space back. */
const GLUED_RE =
  /(\p{L}{3,})(enterprises?|hardware|restaurant|restoran|trading|bakery|bakeries|pharmacy|supermarket|stationery|electrical|confectionery)\b/giu;

/** A company's name ends with its legal form. */
const LEGAL_END_RE = /(?:sdn\.?\s*bh[d0o]\.?|\bbhd\.?|s\/b|\bplt|\bltd\.?|limited|\bllc|\binc\.?|gmbh)\s*\)?$/iu;
/** A legal suffix alone on its row ("SDN BHD" below the name). */
const SUFFIX_ONLY_RE = /^\(?[\p{L} ]{0,20}\)?\s*(?:sdn\.?\s*bh[d0o]\.?|s\/b|plt|ltd\.?|limited|llc|inc\.?|gmbh)$/iu;

/**
 * Who issued the receipt: in its header (the rows above the first price), the first row that names a business
 * ("… SDN BHD", "… Restaurant", "… Market"), else the page's heading, else the first row of words that is not an
 * address, a phone number or a registration number.
 */
export function findIssuer(rows: readonly Row[]): { name: string; confidence?: number } | null {
  const firstPrice = rows.findIndex((r) => endAmount(r.text) && /\p{L}{2}/u.test(r.text));
  const header = rows.slice(0, Math.min(firstPrice < 0 ? rows.length : firstPrice, 10));
  const business = (r: Row) => nameLike(r) && BUSINESS_RE.test(r.text.replace(GLUED_RE, '$1 $2'));
  const firstOf = (...tests: ((r: Row) => boolean)[]) =>
    tests.map((t) => header.findIndex(t)).find((i) => i >= 0) ?? -1;
  const at = firstOf(business, (r) => r.heading && nameLike(r), nameLike);
  if (at < 0) return null;
  const r = header[at]!;
  let name = withoutRegNo(r.text);
  // The name goes on below (at most two rows more, until its legal suffix): a legal suffix alone ("SDN BHD"), a
  // row after a dangling "&" ("HARDWARE &" / "ELECTRICAL"), a row of business words ("ENTERPRISE (SETIA").
  for (let k = at + 1; k <= at + 2 && !LEGAL_END_RE.test(name); k++) {
    const more = header[k];
    const text = more ? withoutRegNo(more.text) : '';
    const goesOn =
      SUFFIX_ONLY_RE.test(text) ||
      (more && nameLike(more) && !/\d/.test(text) && (/(?:&|\band)$/iu.test(name) || BUSINESS_RE.test(text)));
    if (!goesOn) break;
    name = `${name} ${text}`;
  }
  name = name
    .replace(GLUED_RE, '$1 $2')
    .replace(/\s*&\s*/g, ' & ')
    .replace(/^[^\p{L}\p{N}(]+|[\s,;:*&-]+$/gu, '');
  return { name: issuerCase(name), ...(r.confidence === undefined ? {} : { confidence: r.confidence }) };
}

/** "SOON HUAT MACHINERY ENTERPRISE" → "Soon Huat Machinery Enterprise"; "MR. D.I.Y." and "SDN BHD" stay. */
function issuerCase(name: string): string {
  const letters = name.replace(/[^\p{L}]/gu, '');
  if (letters !== letters.toUpperCase()) return name;
  const keep =
    /^(?:\(?[\p{Lu}]\.(?:[\p{Lu}]\.?)*\)?|\(?(?:SDN|BHD|S\/B|PLT|LLC|LTD|GMBH|KL|M|SP|USA|UK)\)?[.,]?|\(?[\p{Lu}]{1,2}\)?)$/u;
  return name
    .split(' ')
    .map((w) => (keep.test(w) ? w : tidyHeading(w.toLowerCase()).replace(/^\p{Ll}/u, (c) => c.toUpperCase())))
    .join(' ')
    .replace(/\b(And|Of|The|Dan)\b/g, (w, _m, i: number) => (i === 0 ? w : w.toLowerCase()));
}

const NOT_ITEM_RE =
  /\b(?:cashier|time|date|doc|invoice|receipt|ref|salesperson|counter|table|pax|member|sub-?\s*total|total|jumlah|summe|gesamt|montant|tax|gst|sst|vat|tva|mwst|iva|service\s*charge|svc|rounding|round(?:ed)?|adj(?:ustment)?|discount|disc|savings?|cash|change|tender(?:ed)?|paid|payment|card|visa|master\s*card|amex|debit|credit|balance|amount|due|tip|deposit|qty|quantity|net|nett|excl|incl|points?|voucher)\b/iu;

export interface Item {
  name: string;
  price: Amount;
}

/** A row of a receipt's column header ("ITEM QTY PRICE AMOUNT"). */
const COLUMN_HEADER_RE = /\b(?:item|description|desc|qty|quantity|price|amount|amt|total|u\/p|s\/price)\b/iu;

/**
 * The items bought: rows ending with a price that are not a total, a tax, a payment or change. A row of numbers
 * only (code, quantity, unit price, amount) takes its name from the row of words beside it: the one below when the
 * receipt prints names under their numbers (as the first such row tells: a column header right above it), else
 * the one above.
 */
export function findItems(rows: readonly Row[], upTo: number): Item[] {
  const items: Item[] = [];
  const words = (r: Row | undefined) => !!r && /\p{L}{3}/u.test(r.text) && !endAmount(r.text);
  let below: boolean | null = null;
  for (let i = 0; i < upTo; i++) {
    const r = rows[i]!;
    const price = endAmount(r.text);
    if (!price || price.value <= 0 || NOT_ITEM_RE.test(r.text)) continue;
    const text = digitsOf(r.text);
    let name = text.slice(0, text.length - (AMOUNT_END_RE.exec(text)?.[0].length ?? 0));
    name = name.replace(AMOUNT_G, ' ').replace(/\s+/g, ' ').trim();
    if (!/\p{L}{2}/u.test(name)) {
      below ??= !words(rows[i - 1]) || COLUMN_HEADER_RE.test(rows[i - 1]!.text);
      const other = below ? rows[i + 1] : rows[i - 1];
      if (!words(other) || COLUMN_HEADER_RE.test(other!.text)) continue;
      name = other!.text;
    }
    name = name.replace(/^\d{3,}\s+(?=\p{L})/u, '').replace(/\s+\d{1,3}\s*[x@×]?\s*$/iu, '');
    if (/\p{L}{2}/u.test(name)) items.push({ name, price });
  }
  return items;
}

/** "TOTAL QTY: 9", "Items: 7", "No. of items 12": the count the receipt prints. */
export function printedCount(rows: readonly Row[]): number | null {
  for (const r of rows) {
    const m =
      /\b(?:total\s*(?:qty|quantity|items?)|no\.?\s*of\s*items?|items?\s*(?:count|sold)?|qty)\s*[:=]?\s*(\d{1,3})(?![\d.,])/iu.exec(
        r.text,
      );
    if (m && !endAmount(r.text.slice(0, m.index + m[0].length))) return Number(m[1]);
  }
  return null;
}

const PAYMENT_WORDS: [RegExp, string][] = [
  [/\bvisa\b/iu, 'Visa'],
  [/\bmaster\s*card\b|\bmaster\b/iu, 'Mastercard'],
  [/\bamex\b|american express/iu, 'American Express'],
  [/\bmaestro\b/iu, 'Maestro'],
  [/\bdebit\b/iu, 'debit card'],
  [/\bcredit\s*card\b/iu, 'credit card'],
  [/\bapple\s*pay\b/iu, 'Apple Pay'],
  [/\bgoogle\s*pay\b/iu, 'Google Pay'],
  [/\b(?:e-?wallet|touch\s*'?n\s*go|grab\s*pay|boost)\b/iu, 'e-wallet'],
  [/\bcontactless\b|\bcard\b/iu, 'card'],
  [/\bcash\b/iu, 'cash'],
];

/** How it was paid: the payment row's method ("Visa", "cash"), when a row after the total names one. */
export function findPayment(rows: readonly Row[], from: number): string | null {
  for (const r of rows.slice(Math.max(0, from))) {
    if (/\b(?:change|cash\s*sales?|cash\s*bill)\b/iu.test(r.text) && !/\bpaid\b/iu.test(r.text)) continue;
    const hit = PAYMENT_WORDS.find(([re]) => re.test(r.text));
    if (hit) return hit[1];
  }
  return null;
}
