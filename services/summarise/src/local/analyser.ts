/**
 * The local summariser's text analysers: sentence splitting, content terms and key phrases. wink-nlp's English
 * model for English; Unicode segmentation (Intl.Segmenter) for every other language.
 */
import type { ItemCustomEntity, ItemToken, WinkMethods } from 'wink-nlp';

export interface Analyser {
  /** wink's English model (key phrases are noun phrases; titles may list them with "and"). */
  english: boolean;
  sentences(text: string): string[];
  /** Normalised content words (lemmas without stop words for English). */
  terms(text: string): string[];
  /** Candidate key phrases (noun phrases for English, single words otherwise), in text order. */
  phrases(text: string): string[];
}

let winkPromise: Promise<WinkMethods> | undefined;

/**
 * wink-nlp adds every word it has not seen before to its instance's lexicon, for good (about 100 bytes a word), and
 * OCR text brings numbers, names and misreadings without end: one instance in a long-running worker grows without
 * bound (`pnpm bench:soak`, docs/PERFORMANCE.md "Soak"). So a fresh instance takes over after this many documents
 * read (making one takes about 0.1 s; the old one and its lexicon are then freed).
 */
export const WINK_RENEW_AFTER_READS = 20_000;

/** Loads wink-nlp and its English model once per process (about 200 ms); renewed as WINK_RENEW_AFTER_READS says. */
export function loadWink(): Promise<WinkMethods> {
  winkPromise ??= renewingWink(WINK_RENEW_AFTER_READS);
  return winkPromise;
}

/** wink-nlp with the key-phrase entities, whose readDoc moves to a fresh instance every `renewAfterReads` reads. */
export async function renewingWink(renewAfterReads: number): Promise<WinkMethods> {
  const [{ default: winkNLP }, { default: model }] = await Promise.all([
    import('wink-nlp'),
    import('wink-eng-lite-web-model'),
  ]);
  // The model's metaCER() can be called once per process (it re-encodes its data on every call), so every instance
  // after the first is given the first call's result.
  const meta: unknown = (model.metaCER as () => unknown)(); // typed `unknown` by wink-nlp: a function in every model
  const reusable = { ...model, metaCER: () => meta };
  const fresh = () => {
    const nlp = winkNLP(reusable);
    nlp.learnCustomEntities([
      {
        name: 'phrase',
        patterns: ['[ADJ|NOUN|PROPN] [NOUN|PROPN] [NOUN|PROPN]', '[ADJ|NOUN|PROPN] [NOUN|PROPN]', '[NOUN|PROPN]'],
      },
    ]);
    return nlp;
  };
  let current = fresh();
  let reads = 0;
  const readDoc: WinkMethods['readDoc'] = (text) => {
    if (++reads > renewAfterReads) {
      current = fresh();
      reads = 1;
    }
    return current.readDoc(text);
  };
  // Everything but readDoc (its, as, learnCustomEntities…) is the current instance's; `its` and `as` are the same
  // helpers in every instance.
  return new Proxy(current, {
    get: (_target, prop) => (prop === 'readDoc' ? readDoc : Reflect.get(current, prop)),
  });
}

export function englishAnalyser(nlp: WinkMethods): Analyser {
  const its = nlp.its;
  return {
    english: true,
    sentences(text) {
      return nlp
        .readDoc(text)
        .sentences()
        .out()
        .map((s) => s.trim())
        .filter(Boolean);
    },
    terms(text) {
      const doc = nlp.readDoc(text);
      const out: string[] = [];
      doc.tokens().each((t: ItemToken) => {
        if (t.out(its.type) !== 'word' || t.out(its.stopWordFlag)) return;
        // wink's typings declare lemma with a third parameter that out() does not accept; it works at run time.
        const lemma = String(t.out(its.lemma as unknown as typeof its.normal)).toLowerCase();
        if (lemma.length > 1 && /\p{L}/u.test(lemma)) out.push(lemma);
      });
      return out;
    },
    phrases(text) {
      const doc = nlp.readDoc(text);
      const out: string[] = [];
      doc.customEntities().each((e: ItemCustomEntity) => {
        const value = e.out();
        const tokens = e.tokens();
        const firstPos = tokens.itemAt(0)?.out(its.pos);
        const words = value.split(/\s+/);
        if (words.length === 1 && (value.length < 4 || !/^\p{L}/u.test(value))) return;
        const acronym = /^\p{Lu}{2,}/u.test(value);
        out.push(firstPos === 'NOUN' && !acronym ? value.charAt(0).toLowerCase() + value.slice(1) : value);
      });
      return out;
    },
  };
}

const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

export function genericAnalyser(): Analyser {
  const sentenceSeg = new Intl.Segmenter(undefined, { granularity: 'sentence' });
  const wordSeg = new Intl.Segmenter(undefined, { granularity: 'word' });
  const words = (text: string) =>
    [...wordSeg.segment(text)]
      .filter((s) => s.isWordLike)
      .map((s) => s.segment)
      .filter((w) => /\p{L}/u.test(w) && (w.length >= 4 || (CJK_RE.test(w) && w.length >= 2)));
  return {
    english: false,
    sentences(text) {
      return [...sentenceSeg.segment(text)].map((s) => s.segment.trim()).filter(Boolean);
    },
    terms(text) {
      return words(text).map((w) => w.toLocaleLowerCase());
    },
    phrases(text) {
      return words(text);
    },
  };
}

export function isMostlyLatin(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return true;
  const latin = text.match(/\p{Script=Latin}/gu) ?? [];
  return latin.length / letters.length >= 0.8;
}
