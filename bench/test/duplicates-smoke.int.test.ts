/**
 * The duplicates bench's smoke run (bench/src/duplicates.ts): one screen per app layout and 20 real images (when
 * /work/shared/ocr-real is there), held to the same targets as the full run.
 */
import { describe, expect, it } from 'vitest';
import { duplicatesTargetsMet, runDuplicatesBench } from '../src/duplicates.js';

describe('bench:duplicates (smoke)', () => {
  it('recognises the copies and nothing else, at precision ≥ 99% and recall ≥ 95%', async () => {
    const lines: string[] = [];
    const result = await runDuplicatesBench({ perApp: 1, realImages: 20 }, (line) => lines.push(line));
    expect(lines.some((l) => l.startsWith('duplicates generated'))).toBe(true);
    expect(result.generated.copies).toBeGreaterThanOrEqual(50);
    expect(duplicatesTargetsMet(result)).toBe(true);
  }, 600_000);
});
