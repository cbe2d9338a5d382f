/**
 * Words PP-OCRv4 ran together, split by English words (glued-words.ts), on the real word lists: lines shaped as
 * PP-OCRv4 reads scanned forms, memos and article tables, and the tokens that must stay as they are.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type EnglishWords, englishWords, splitGluedWords, wordsOf } from '../src/glued-words.js';

let words: EnglishWords;
beforeAll(async () => {
  words = await englishWords();
});

const split = (line: string) => splitGluedWords(line, words);

describe('splitGluedWords', () => {
  it('splits runs of common words in lower case, capitals and a capitalised first word', () => {
    expect(split('Purpose: Record of follow-up callsfor the spring tasting')).toBe(
      'Purpose: Record of follow-up calls for the spring tasting',
    );
    expect(split('Project Type:\tQUALITATIVEADVERTISING STUDY')).toBe('Project Type:\tQUALITATIVE ADVERTISING STUDY');
    expect(split('NUMBEROFPAGES: 4')).toBe('NUMBER OF PAGES: 4');
    expect(split('Onlytwobiddersbecause the third declined.')).toBe('Only two bidders because the third declined.');
    expect(split('the supplier wasselected due tothecritical timing')).toBe(
      'the supplier was selected due to the critical timing',
    );
  });

  it('keeps the punctuation around a run and splits each part of a hyphenated token', () => {
    expect(split('SUBJECT: (QUARTERLYRESULTS-PROGRESSREPORT)')).toBe('SUBJECT: (QUARTERLY RESULTS-PROGRESS REPORT)');
    expect(split('"storageand"')).toBe('"storage and"');
  });

  it('prefers the fewest, most common words', () => {
    expect(split('headquartersreport')).toBe('headquarters report');
    expect(split('DIVISIONSHEADQUARTEREDABROAD')).toBe('DIVISIONS HEADQUARTERED ABROAD');
  });

  it('leaves words, names, camelCase, addresses, code and figures as they are', () => {
    const kept = [
      'The committee reviewed the questionnaire thoroughly.',
      'Johnson Washington Leinster Rapisardi Hansberry',
      'MelissaAndrews SdnBhd getElementById QualitativeResearch',
      'write to orders@fastshipping.com or see www.salesforce.com/callsfor',
      'the file callsfor_data.csv holds user_name and TYPEOFPROMOTION2',
      "B&WORIGINATOR Invitees'Comments",
    ];
    for (const line of kept) expect(split(line)).toBe(line);
  });

  it('never splits into stray short words, nor a capitalised run into two short ones', () => {
    // "REST OR AN", "OR LOW SKY", "color a", "per mint", "Reining ha us": short words fit by chance.
    for (const token of ['RESTORAN', 'ORLOWSKY', 'colora', 'permint', 'Reininghaus', 'Infarmation', 'signat']) {
      expect(split(token)).toBe(token);
    }
    // A surname of two words is a capitalised run of two parts, one of them short.
    for (const token of ['Goldman', 'WHITEHOUSE', 'Kingston', 'Summerfield']) expect(split(token)).toBe(token);
  });

  it('splits only what its lists call common, and nothing they know as a word', () => {
    const small = wordsOf(
      ['callsfor'],
      [
        ['calls', 10],
        ['for', 10],
        ['order', 10],
        ['forms', 10],
        ['orderforms', 70],
      ],
    );
    expect(splitGluedWords('callsfor orderforms formsorder', small)).toBe('callsfor orderforms forms order');
  });
});
