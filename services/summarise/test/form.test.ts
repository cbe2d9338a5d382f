/** Forms and settings pages (local/form.ts): what the form is for, its filled-in fields and its checked boxes. */
import type { PageBlock } from '@snapnotes/contracts';
import { describe, expect, it } from 'vitest';
import { createLocalSummariser } from '../src/local.js';
import { findForm } from '../src/local/form.js';
import { recordingLogger } from './logger.js';

const box = [0, 0, 10, 10] as [number, number, number, number];
const pair = (label: string, value: string, text = `${label}:\t${value}`): PageBlock => ({
  kind: 'label-value',
  text,
  label,
  value,
  confidence: 93,
  box,
});

// A scanned program sheet as PP-OCRv4 hands it over: a title, labels with their values, one left blank.
const sheet: PageBlock[] = [
  { kind: 'paragraph', text: 'CIGARETTE SAMPLING PROGRAM', confidence: 95, box },
  pair('MARKET', 'Boston'),
  pair('PRODUCT', 'Old Gold Lights'),
  pair('DATES', 'October 3 through October 5'),
  pair('HOURS', '9:30 a.m. - 5:30 p.m.'),
  pair('QUANTITIES', '270,000'),
  pair('SUPERVISORS', '—'),
  { kind: 'paragraph', text: '*Subject to change due to local conditions', confidence: 90, box },
];

describe('a form', () => {
  it('is titled by what it is for, its filled-in fields as key points (dates in the summary), every field in the summary', async () => {
    const local = await createLocalSummariser({ logger: recordingLogger() });
    const d = await local.summarise({
      pages: [{ fileName: 'form.jpg', text: sheet.map((b) => b.text).join('\n'), blocks: sheet }],
      premium: false,
      language: 'eng',
    });
    expect(d.title).toBe('Cigarette Sampling Program');
    expect(d.keyPoints).toEqual([
      'Market: Boston',
      'Product: Old Gold Lights',
      'Hours: 9:30 a.m. - 5:30 p.m.',
      'Quantities: 270,000',
    ]);
    expect(d.detailedSummary).toContain('- Product: Old Gold Lights');
    expect(d.detailedSummary).toContain('- Dates: October 3 through October 5');
    expect(d.detailedSummary).not.toContain('Supervisors');
  });

  it('reads a settings page without structure: its labels, values and checked boxes', () => {
    const form = findForm(
      [
        'Account settings',
        'Name: Ada Lovelace',
        'Email: ada@example.org',
        'Language: English',
        '[x] Email notifications',
        '[ ] SMS alerts',
        '☑ Weekly digest',
      ].join('\n'),
      undefined,
    );
    expect(form).toEqual({
      purpose: 'Account settings',
      fields: [
        { label: 'Name', value: 'Ada Lovelace' },
        { label: 'Email', value: 'ada@example.org' },
        { label: 'Language', value: 'English' },
      ],
      checked: ['Email notifications', 'Weekly digest'],
      notes: [],
    });
  });

  it('splits a row holding several fields, and reads long labels, numbered rows and labels among cells', () => {
    // A row as OCR read it: its first label, the rest its value.
    const row = (text: string, label: string) =>
      pair(
        label,
        text
          .slice(text.indexOf(':') + 1)
          .replace(/\t/g, ' ')
          .trim(),
        text,
      );
    const scan: PageBlock[] = [
      { kind: 'paragraph', text: 'CHANGE OF AUTHORIZED COST', confidence: 95, box },
      row('Module:\t412\tBrand: CARLTON Filter 100s', 'Module'),
      row('Shift & Date:\tPulse:\tPower:', 'Shift & Date'),
      row('Description:\tAmelia 100s Candidates: (NM-FT)', 'Description'),
      row('ADJUSTED TOTAL COST OF PROJECT:\t221,000', 'ADJUSTED TOTAL COST OF PROJECT'),
      { kind: 'list-item', marker: '(8)', text: 'PACK SIZE SOLD:\t20s', confidence: 93, box },
      { kind: 'list-item', marker: '(9)', text: '"TAR":\t16 mg\tNICOTINE:\t1.3 mg', confidence: 93, box },
      {
        kind: 'table-row',
        text: 'PROMO#\t28\tPERIOD:\tJune/July',
        cells: ['PROMO#', '28', 'PERIOD:', 'June/July'],
        confidence: 93,
        box,
      },
      { kind: 'paragraph', text: 'Mary D. Davis\nFAX NUMBER:1-502-568-8092', confidence: 93, box },
    ];
    const form = findForm(scan.map((b) => b.text).join('\n'), scan);
    expect(form?.fields).toEqual([
      { label: 'Module', value: '412' },
      { label: 'Brand', value: 'CARLTON Filter 100s' },
      { label: 'Description', value: 'Amelia 100s Candidates: (NM-FT)' },
      { label: 'ADJUSTED TOTAL COST OF PROJECT', value: '221,000' },
      { label: '(8) PACK SIZE SOLD', value: '20s' },
      { label: '(9) "TAR"', value: '16 mg' },
      { label: 'NICOTINE', value: '1.3 mg' },
      { label: 'PERIOD', value: 'June/July' },
      { label: 'FAX NUMBER', value: '1-502-568-8092' },
    ]);
  });

  it('reads no sentence of a paragraph as a field', () => {
    const page: PageBlock[] = [
      pair('Name', 'Ada Lovelace'),
      {
        kind: 'paragraph',
        text: 'The answer is simple: buy less.\nOxidative phosphorylation makes most of the ATP: 34 per glucose',
        confidence: 90,
        box,
      },
    ];
    expect(findForm(page.map((b) => b.text).join('\n'), page)).toBeNull();
  });

  it('is not found in a chat: a sender’s time is no field, nor a message asking something', () => {
    const para = (text: string): PageBlock => ({ kind: 'paragraph', text, confidence: 90, box });
    const chat: PageBlock[] = [
      para('Lena Jansen 6:02 PM'),
      pair('Morning! Quick check before standup', 'is the Wednesday release still on track?'),
      para('Nadia Moreau 6:05 PM'),
      para('Hannah Reyes 6:14 PM'),
      para('Lena Jansen 6:18 PM'),
    ];
    expect(findForm(chat.map((b) => b.text).join('\n'), chat)).toBeNull();
  });

  it('is not found in prose that has a colon or two', () => {
    expect(
      findForm('Note: the meeting moved.\nWe will meet on Friday at noon in room 4.\nBring: the slides.', undefined),
    ).toBeNull();
  });
});

describe('a page of prose with a few fields (a memo, a fax cover)', () => {
  const para = (text: string): PageBlock => ({ kind: 'paragraph', text, confidence: 92, box });
  const memo: PageBlock[] = [
    para('INTEROFFICE MEMORANDUM'),
    pair('To', 'Joe Leinster'),
    pair('Subject', 'Sneak preview confirmation calls'),
    // A column of labels with its column of values read as the next block.
    para('From:\nDATE:'),
    para('Joyce Bagby\n10/13/99'),
    para(
      'The attached list gives the stores to be called before the preview. Please confirm each appointment by phone and note the name of the manager who agreed. The calls should be finished by the end of next week so that the materials can be shipped in time.',
    ),
  ];

  it('states its fields before its sentences (a date alone in the summary only), every field in the summary', async () => {
    const local = await createLocalSummariser({ logger: recordingLogger() });
    const d = await local.summarise({
      pages: [{ fileName: 'memo.jpg', text: memo.map((b) => b.text).join('\n'), blocks: memo }],
      premium: false,
      language: 'eng',
    });
    expect(d.keyPoints.slice(0, 3)).toEqual([
      'To: Joe Leinster',
      'Subject: Sneak preview confirmation calls',
      'From: Joyce Bagby',
    ]);
    expect(d.keyPoints.some((k) => /stores to be called/.test(k))).toBe(true);
    expect(d.keyPoints.join('\n')).not.toContain('10/13/99');
    expect(d.detailedSummary).toContain('- Date: 10/13/99');
    expect(d.detailedSummary).toContain('- From: Joyce Bagby');
  });

  it('never states as a field the heading OCR read as "Label: value": it is the title', async () => {
    const lecture = [
      pair('Lecture 7', 'Cellular Respiration'),
      para(
        'Glycolysis takes place in the cytoplasm and splits one glucose molecule into two molecules of pyruvate, with a net gain of two ATP and two NADH.',
      ),
      para('Oxidative phosphorylation makes most of the ATP: about 34 molecules per glucose.'),
      pair('Room', '214'),
    ];
    const local = await createLocalSummariser({ logger: recordingLogger() });
    const d = await local.summarise({
      pages: [{ fileName: 'lecture.png', text: lecture.map((b) => b.text).join('\n'), blocks: lecture }],
      premium: false,
      language: 'eng',
    });
    expect(d.title).toBe('Lecture 7: Cellular Respiration');
    expect(d.keyPoints.some((k) => /Cellular Respiration/.test(k))).toBe(false);
    expect(d.detailedSummary).not.toContain('- Lecture 7');
    // The page's other field is still stated.
    expect(d.keyPoints).toContain('Room: 214');
  });
});
