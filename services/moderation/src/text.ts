/**
 * Local text moderation with `obscenity` (English dataset + its recommended transformers, which catch
 * l33t-speak, spacing and repeated letters).
 *
 * The stock dataset is built for chat, not lecture notes: it flags anatomy, biology, medicine, law and
 * history vocabulary ("sex education", "semen", "rape" in a criminal-law lecture, "Negro Leagues",
 * "spastic paralysis", "fire retardant") and names ("Moby Dick", "Emily Dickinson", "cum laude").
 * So this filter keeps profanity, sexual slang and slurs, and drops:
 *   - whole phrases that are ordinary academic vocabulary (REMOVED_WORDS);
 *   - known false positives of the phrases it keeps, as whitelisted terms (EXTRA_WHITELIST).
 */
import { DataSet, RegExpMatcher, englishDataset, englishRecommendedTransformers, type MatchPayload } from 'obscenity';
import type { ImageVerdict, TextModerator } from '@snapnotes/contracts';

/** Phrases of the English dataset that are clinical, scientific, legal or historical terms. */
export const REMOVED_WORDS: readonly string[] = [
  'anal', // anatomy, psychology; "analysis" was already whitelisted but "anal fin" was not
  'anus',
  'bestiality', // law
  'ejaculate',
  'hooker', // Joseph Hooker (botanist), Hooker Chemical (Love Canal)
  'incest', // law, genetics
  'masturbate',
  'negro', // "Negro Leagues", historical sources, Spanish/Portuguese "negro"
  'orgasm',
  'orgy', // history of Rome
  'penis',
  'rape', // criminal law, history; also "rapeseed"
  'retard', // "fire retardant", "retarded potential", "growth retardation"
  'scat', // jazz "scat singing", ecology
  'semen',
  'sex', // "sex education", "sex chromosomes", "sex ratio"
  'spastic', // "spastic paralysis", "spastic diplegia"
  'vagina',
];

/**
 * Terms that contain a kept phrase but are not offensive, keyed by the phrase they exempt (for readers:
 * obscenity applies whitelisted terms to every phrase). Matched case-insensitively.
 */
export const EXTRA_WHITELIST: Readonly<Record<string, readonly string[]>> = {
  boob: ['booby'], // blue-footed booby, booby trap, booby prize
  chink: ['chink in', 'chinks in'],
  cock: ['cockpit', 'cocksure', 'cockscomb', 'cockspur', 'cockerel', 'cockcroft'],
  cuck: ['cuckold'],
  cum: ['cum laude', 'cum grano', 'cum hoc', 'cumin', 'cum-ex', 'cum ex', 'cum div', 'cum-div', 'cum rights'],
  deepthroat: ['deep throat'],
  dick: [
    'dickinson',
    'dickson',
    'dickey',
    'dickerson',
    'dickie',
    'moby dick',
    'moby-dick',
    'k. dick',
    'k dick',
    'dick cheney',
    'dick van dyke',
    'dick tracy',
    'dick whittington',
  ],
  dyke: ['dyke swarm', 'ring dyke', 'sheeted dyke', 'dykes and sills', 'dyke intrusion'],
  fag: ['fagus', 'fagac', 'fagal', 'fagin', 'fagerstr'],
  fuck: ['du fu'],
  nigger: ['niggard'],
  porn: ['pornograph'],
  prick: ['prick test', 'skin prick', 'pin prick', 'needle prick'],
  pussy: ['pussycat', 'pussy willow'],
  shit: ['shittim'],
  tit: ['tit for tat', 'tit-for-tat', 'great tit', 'blue tit', 'coal tit'],
};

const removed = new Set(REMOVED_WORDS);

function buildMatcher(): { matcher: RegExpMatcher; words: (m: MatchPayload) => string | undefined } {
  const base = new DataSet<{ originalWord: string }>()
    .addAll(englishDataset)
    .removePhrasesIf((phrase) => removed.has(phrase.metadata?.originalWord ?? ''));
  const built = base.build();
  const extraWhitelist = Object.values(EXTRA_WHITELIST).flat();
  const matcher = new RegExpMatcher({
    blacklistedTerms: built.blacklistedTerms,
    whitelistedTerms: [...(built.whitelistedTerms ?? []), ...extraWhitelist],
    ...englishRecommendedTransformers,
  });
  return { matcher, words: (m) => base.getPayloadWithPhraseMetadata(m).phraseMetadata?.originalWord };
}

export interface LocalTextModerator extends TextModerator {
  /** The distinct dataset words found in the text, in order of first appearance. */
  findWords(text: string): string[];
}

export function createLocalTextModerator(): LocalTextModerator {
  const { matcher, words } = buildMatcher();
  function findWords(text: string): string[] {
    if (typeof text !== 'string') throw new TypeError('Text to moderate must be a string');
    const found: string[] = [];
    for (const m of matcher.getAllMatches(text, true)) {
      const w = words(m) ?? 'unknown';
      if (!found.includes(w)) found.push(w);
    }
    return found;
  }
  return {
    name: 'obscenity',
    findWords,
    async check(text: string): Promise<ImageVerdict> {
      const found = findWords(text);
      // The reason names the dataset words only, never the user's text.
      return found.length > 0 ? { flagged: true, reason: `text:${found.join(',')}` } : { flagged: false };
    },
  };
}
