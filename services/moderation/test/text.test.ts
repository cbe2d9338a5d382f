import { describe, expect, it } from 'vitest';
import { createLocalTextModerator } from '../src/text.js';

const moderator = createLocalTextModerator();

/** Words and phrases from lecture notes that the stock English dataset flags (or nearly does). */
const LECTURE_PHRASES = [
  'sex education',
  'Sex chromosomes determine the sex ratio',
  'graduated magna cum laude',
  'summa cum laude',
  'cum hoc ergo propter hoc',
  'take it cum grano salis',
  'ground cumin and coriander',
  'cumulative distribution function',
  'Scunthorpe United',
  'assessment criteria',
  'regression analysis',
  'a cocktail of enzymes',
  'see a therapist',
  'Charles Dickens, Great Expectations',
  'Essex, Sussex and Middlesex',
  'Penistone Road',
  'Emily Dickinson and Moby Dick',
  'Philip K. Dick wrote the novel',
  'Dick Cheney was vice president',
  'the pilot left the cockpit',
  'a cocksure young officer',
  'Cockcroft–Walton generator',
  'tit for tat is an evolutionarily stable strategy',
  'the great tit (Parus major)',
  'blue-footed booby',
  'pussy willow catkins',
  'the niggardly budget',
  'Fagus sylvatica (European beech)',
  'Fagerström test for nicotine dependence',
  'the poet Du Fu',
  'skin prick test for allergies',
  'a chink in the armour',
  'Deep Throat, the Watergate informant',
  'the shittim wood of the ark',
  'the Negro Leagues in baseball history',
  'rapeseed oil',
  'the law of rape and consent',
  'spastic paralysis',
  'fire retardant coating',
  'retarded potential in electrodynamics',
  'the anal fin of a fish',
  'the penis and vagina in reproductive anatomy',
  'semen analysis',
  'orgasm and ejaculation are reflexes',
  'jazz scat singing',
  'incest taboo in anthropology',
  'Sir Joseph Hooker, botanist',
  'mafic dyke swarm',
  'the law on pornography',
  'class, passage, assume, bass, embarrass, assassin, harass',
  'arsenal, arsenic, Uranus, titration, Titan, title',
  'shuttlecock, Hitchcock, peacock, Hancock',
  'Manila, Matsushita, Clitheroe, Cockermouth',
  'kung fu, cuckoo, Montenegro, snigger',
];

const PROFANITY = [
  'fuck this course',
  'what the fuuuuck',
  'this is shit',
  'sh1t happens',
  'you stupid bitch',
  'b1tch',
  'cunt',
  'motherfucker',
  'asshole',
  'dickhead',
  'suck my dick',
  'nice tits',
  'whore',
  'slut',
  'bastard',
  'bollocks',
  'wanker',
  'twat',
  'blowjob',
  'handjob',
  'cumshot',
  'dildo',
  'porn',
  'hentai',
  'piss off',
];

const SLURS = ['nigger', 'n1gger', 'nigga', 'faggot', 'fag', 'kike', 'chink', 'dyke', 'tranny', 'chingchong'];

describe('createLocalTextModerator', () => {
  it.each(LECTURE_PHRASES)('lets lecture-notes text pass: %s', async (text) => {
    expect(moderator.findWords(text)).toEqual([]);
    await expect(moderator.check(text)).resolves.toEqual({ flagged: false });
  });

  it.each(PROFANITY)('flags profanity and sexual slang: %s', async (text) => {
    const verdict = await moderator.check(text);
    expect(verdict.flagged).toBe(true);
    expect(verdict.reason).toMatch(/^text:/);
  });

  it.each(SLURS)('flags slurs: %s', async (text) => {
    expect((await moderator.check(`you are a ${text}`)).flagged).toBe(true);
  });

  it('flags profanity hidden in otherwise clean lecture notes and names the words, not the text', async () => {
    const notes = `${'Photosynthesis converts light energy into chemical energy. '.repeat(40)}
      The Calvin cycle is a fucking pain to memorise. Also the teacher is a bitch.`;
    const verdict = await moderator.check(notes);
    expect(verdict).toEqual({ flagged: true, reason: 'text:fuck,bitch' });
  });

  it('checks 3,000 characters quickly', async () => {
    const text = 'Mitochondria are the powerhouse of the cell; assessment follows in week 3. '
      .repeat(40)
      .slice(0, 3000);
    const started = performance.now();
    for (let i = 0; i < 20; i++) await moderator.check(text);
    expect((performance.now() - started) / 20).toBeLessThan(50);
  });

  it('rejects non-string input with a clear error', async () => {
    await expect(moderator.check(undefined as unknown as string)).rejects.toThrow('Text to moderate must be a string');
  });

  it('passes empty text', async () => {
    await expect(moderator.check('')).resolves.toEqual({ flagged: false });
  });
});
