/** The corpus as pure data (HTML, viewport, truth, degradation): no browser, no pixels. */
import { PLAN } from './categories/index.js';
import { createRng, hashString } from './rng.js';
import type { CorpusSpec } from './types.js';

export const DEFAULT_SEED = 1;

/** Every image's spec, category by category; the same seed gives the same specs everywhere. */
export function corpusSpecs(seed: number = DEFAULT_SEED): CorpusSpec[] {
  return PLAN.flatMap(({ category, count, make }) =>
    Array.from({ length: count }, (_, i): CorpusSpec => {
      // One generator per image: adding images to one category does not change the others.
      const rng = createRng(hashString(`${seed}:${category}:${i}`));
      const draft = make(rng, i);
      return { id: `${category}-${String(i + 1).padStart(2, '0')}`, category, ...draft };
    }),
  );
}
