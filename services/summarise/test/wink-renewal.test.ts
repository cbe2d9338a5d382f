import { describe, expect, it } from 'vitest';
import { renewingWink } from '../src/local/analyser.js';

describe('wink-nlp in a long-running worker', () => {
  it('moves to a fresh instance (its lexicon freed) after so many reads, and reads the same way after it', async () => {
    const nlp = await renewingWink(2);
    const phrases = (text: string) => nlp.readDoc(text).customEntities().out();
    const first = nlp.learnCustomEntities;
    const before = phrases('The quick brown fox jumps over lecture notes');
    phrases('Words it has never seen: zq81x, kv22y');
    expect(nlp.learnCustomEntities, 'still the first instance').toBe(first);

    const after = phrases('The quick brown fox jumps over lecture notes');
    expect(nlp.learnCustomEntities, 'a fresh instance').not.toBe(first);
    // The key-phrase entities are taught to every instance.
    expect(after).toEqual(before);
    expect(after.length).toBeGreaterThan(0);
  });
});
