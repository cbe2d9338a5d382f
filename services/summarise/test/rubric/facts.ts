/**
 * Whether a note carries a receipt's key facts (SROIE's fields: company, date, total): the total in a key point,
 * the date in a key point, the shop in the title. Matching is lenient about form (RM 327.00 / 327.00, 5/3/2018 /
 * 05/03/2018, capitals, a legal suffix) and strict about content (the same amount, the same date, the name's words).
 */

const canon = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Amounts (two decimals, or one as SROIE sometimes writes them) in a text, as numbers. */
function amounts(text: string): number[] {
  return [...text.matchAll(/\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d+(?:[.,]\d{1,2})?/g)].map((m) =>
    Number(m[0].replace(/,(?=\d{3})/g, '').replace(',', '.')),
  );
}

export function totalFound(total: string, keyPoints: readonly string[]): boolean {
  const want = amounts(total)[0];
  if (want === undefined) return false;
  return keyPoints.some((k) => amounts(k).some((a) => Math.abs(a - want) < 0.005));
}

/** The date's numbers without leading zeros ("05/03/2018" → "5 3 2018"), or its words ("05 MAR 2018" → "5 mar 2018"). */
const dateKey = (s: string) =>
  canon(s)
    .split(' ')
    .map((t) => t.replace(/^0+(?=\d)/, ''))
    .join(' ');

export function dateFound(date: string, keyPoints: readonly string[]): boolean {
  const want = dateKey(date);
  return keyPoints.some(
    (k) =>
      ` ${dateKey(k)} `.includes(` ${want} `) || canon(k).replace(/ /g, '').includes(canon(date).replace(/ /g, '')),
  );
}

const LEGAL = new Set(['sdn', 'bhd', 's', 'b', 'plt', 'm', 'co', 'ltd', 'inc', 'llc', 'the']);

function near(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 5 || Math.abs(a.length - b.length) > 1) return false;
  // One edit (substitution, insertion or deletion) apart.
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
}

/**
 * At least 80% of the name's words (legal suffixes aside) in the title, one OCR slip allowed in longer words; a word
 * of three letters or more also counts inside a title word where OCR lost the spaces ("Kedaipapanyewchuan").
 */
export function shopFound(company: string, title: string): boolean {
  const want = canon(company)
    .split(' ')
    .filter((w) => w && !LEGAL.has(w));
  if (want.length === 0) return false;
  const have = canon(title).split(' ');
  const glued = have.filter((h) => h.length >= 8);
  const hits = want.filter(
    (w) => have.some((h) => near(w, h)) || (w.length >= 3 && glued.some((g) => g.includes(w))),
  ).length;
  return hits / want.length >= 0.8;
}
