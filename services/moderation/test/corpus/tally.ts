/** Counts outcomes per sub-category: how many benign uploads were rejected, how many flagged ones were caught. */
export interface Tally {
  side: 'benign' | 'flagged';
  category: string;
  total: number;
  /** Rejected uploads: false positives on the benign side, catches on the flagged side. */
  rejected: number;
  /** Ids of the items decided against what the checks should decide (`expected`). */
  wrong: string[];
}

export function tally(
  rows: readonly { side: 'benign' | 'flagged'; category: string; id: string; rejected: boolean; expected: boolean }[],
): Tally[] {
  const out = new Map<string, Tally>();
  for (const r of rows) {
    const key = `${r.side}/${r.category}`;
    const t = out.get(key) ?? { side: r.side, category: r.category, total: 0, rejected: 0, wrong: [] };
    t.total++;
    if (r.rejected) t.rejected++;
    if (r.rejected !== r.expected) t.wrong.push(r.id);
    out.set(key, t);
  }
  return [...out.values()];
}
