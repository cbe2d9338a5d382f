/** Figures the OCR benches print: median and mean of samples (NaN for none), and a share as a percentage. */

export const median = (xs: readonly number[]): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export const mean = (xs: readonly number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

export const pct = (x: number): string => (Number.isNaN(x) ? '—' : `${(x * 100).toFixed(1)}%`);

/**
 * Items in an order that visits every group in turn (the first of each group, then the second of each…), so that
 * whatever load a run meets falls on every group alike.
 */
export function interleave<T>(items: readonly T[], groupOf: (item: T) => string): T[] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(groupOf(item), [...(groups.get(groupOf(item)) ?? []), item]);
  const lists = [...groups.values()];
  const out: T[] = [];
  for (let i = 0; out.length < items.length; i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
}
