/**
 * A form's labels paired with their values by where they stand (local/form-place.ts): the structures are shaped as
 * OCR hands over a scanned form's (boxes in pixels of a 760 × 1000 scan; a paragraph's lines share its box).
 */
import type { PageBlock, PageBox } from '@snapnotes/contracts';
import { describe, expect, it } from 'vitest';
import { structurePairs } from '../src/local/form.js';
import { placedPairs } from '../src/local/form-place.js';

const para = (text: string, box: PageBox): PageBlock => ({ kind: 'paragraph', text, confidence: 88, box });

// A coupon registration form: "FROM:" printed left, the names typed far right of it (OCR read them as a block of
// their own, two lines), a label with its value on one line, then a column of labels whose values were left blank.
const coupon: PageBlock[] = [
  para('COUPON CODE REGISTRATION FORM', [51, 81, 374, 24]),
  para('FROM:', [76, 152, 38, 10]),
  para('MICHELLE LEPRE\nVM. LOSITO', [204, 153, 103, 22]),
  {
    kind: 'label-value',
    text: 'CC: S.A. Rapisardi',
    label: 'CC',
    value: 'S.A. Rapisardi',
    confidence: 90,
    box: [86, 214, 217, 11],
  },
  para('OFFICE:\nFAX PHONE NUMBER:\nTHIS DOCUMENT IS FROM:', [66, 489, 214, 60]),
  para(
    'Please deliver this transmission to the addressee as soon as it is received by your office.',
    [66, 600, 600, 12],
  ),
];

describe('labels paired by place', () => {
  it('takes the value right of a label on the same line, though OCR read it as another block', () => {
    expect(placedPairs(coupon)).toEqual([{ label: 'FROM', value: 'MICHELLE LEPRE' }]);
    expect(structurePairs(coupon)).toEqual([
      { label: 'CC', value: 'S.A. Rapisardi' },
      { label: 'FROM', value: 'MICHELLE LEPRE' },
    ]);
  });

  it('takes the value directly below a label when nothing stands right of it', () => {
    const sheet: PageBlock[] = [
      para('DATE:', [420, 120, 44, 12]),
      para('PAGES:', [560, 120, 52, 12]),
      para('October 13, 1999', [420, 135, 118, 12]),
      para('3', [562, 135, 9, 12]),
    ];
    expect(placedPairs(sheet)).toEqual([
      { label: 'DATE', value: 'October 13, 1999' },
      { label: 'PAGES', value: '3' },
    ]);
  });

  it('pairs no label with another label, a sentence, or a line far below it', () => {
    const page: PageBlock[] = [
      para('Summary of findings:', [60, 100, 160, 14]),
      para('The panel found the coating held up in every test it was given.', [60, 117, 520, 14]),
      para('Remarks:', [60, 300, 70, 14]),
      para('None', [60, 360, 40, 14]),
    ];
    expect(placedPairs(page)).toEqual([]);
    expect(placedPairs(coupon.slice(4))).toEqual([]);
  });

  it('keeps a column of labels beside its column of values line for line, each value given once', () => {
    const cover: PageBlock[] = [
      para('TO:\nFROM:\nDATE:', [60, 200, 60, 54]),
      para('Kevin Narko\nJ. Spell\n10/13/99', [200, 200, 120, 54]),
    ];
    expect(structurePairs(cover)).toEqual([
      { label: 'TO', value: 'Kevin Narko' },
      { label: 'FROM', value: 'J. Spell' },
      { label: 'DATE', value: '10/13/99' },
    ]);
  });
  it("places a paragraph's lines where OCR saw them: a value set a little higher, read as the line before its label", () => {
    // An order form: the quantity typed right of its label but a few pixels higher, so OCR's rows put it first.
    const lines: PageBox[] = [
      [231, 540, 30, 14],
      [70, 547, 150, 12],
    ];
    const order: PageBlock[] = [{ ...para('1,200\nCases Ordered:', [70, 540, 191, 19]), lines }];
    expect(placedPairs(order)).toEqual([{ label: 'Cases Ordered', value: '1,200' }]);
    // Without the lines' own boxes, the two are stacked in the block's box: nothing stands beside the label.
    expect(placedPairs([para('1,200\nCases Ordered:', [70, 540, 191, 19])])).toEqual([]);
  });
});
