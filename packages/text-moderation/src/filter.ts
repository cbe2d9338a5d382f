/**
 * The local text filter: no key, no network, a few milliseconds a page. It judges the words of a page's OCR text
 * by the rules in rules.ts, whole words only, each with the confidence OCR read it with.
 */
import type { TextModerator, TextToModerate, TextVerdict } from '@snapnotes/contracts';
import { judge, type Judgement } from './rules.js';
import { wordsOf, type Word } from './words.js';

export const LOCAL_TEXT_FILTER = 'text-filter';

/**
 * Words OCR read with a lower confidence (0–100) never flag. Measured on the moderation corpus (bench:moderation): the
 * words of flagged matches were read at 88 or better (110 of 114 at 90+), except two leetspeak words at 39–42; of the
 * 307 words read under 90, the 125 under 80 were mostly misreadings, numbers and code fragments ("Areclining",
 * "anal" from `anal_cols` at 29). The OCR stage lists every word under 90 (OCR_UNCERTAIN_BELOW), so this must stay at
 * or under 90.
 */
export const MIN_WORD_CONFIDENCE = 80;

export interface LocalTextFilterOptions {
  /** Default MIN_WORD_CONFIDENCE. */
  minConfidence?: number;
}

export interface LocalTextFilter extends TextModerator {
  /** The whole judgement with the page's words, for tests and the benchmark. */
  judge(input: TextToModerate): Judgement & { words: Word[] };
}

function checkInput(input: TextToModerate): void {
  if (typeof input?.text !== 'string') throw new TypeError('Text to moderate must be a string');
}

export function createLocalTextFilter(options: LocalTextFilterOptions = {}): LocalTextFilter {
  const minConfidence = options.minConfidence ?? MIN_WORD_CONFIDENCE;
  if (!(minConfidence >= 0 && minConfidence <= 100)) {
    throw new RangeError(`minConfidence must be between 0 and 100, got ${String(minConfidence)}`);
  }
  function run(input: TextToModerate): Judgement & { words: Word[] } {
    checkInput(input);
    const words = wordsOf(input.text, input.uncertain);
    return { ...judge(input.text, words, { minConfidence }), words };
  }
  return {
    name: LOCAL_TEXT_FILTER,
    judge: run,
    async check(input: TextToModerate): Promise<TextVerdict> {
      const j = run(input);
      // Category and rule only: the verdict, its reason and the logs never carry the user's words.
      return j.flagged
        ? {
            flagged: true,
            category: j.category,
            rule: j.rule,
            reason: `${LOCAL_TEXT_FILTER}:${j.rule}`,
            ignored: j.ignored,
          }
        : { flagged: false, ignored: j.ignored };
    },
  };
}
