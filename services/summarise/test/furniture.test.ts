import { describe, expect, it } from 'vitest';
import { pageBlocks, summaryText } from '../src/local/blocks.js';
import { CLOCK_RE, furnitureOf, isStatusBar } from '../src/furniture.js';

describe('page furniture', () => {
  it.each([
    ['9:41 .ull 5G 87%', 'status bar'],
    ['18:07 .ull 4G 58%', 'status bar'],
    ['Northfield Agronomy Slide 7 of 18', 'counter'],
    ['Acme Growth Team | Confidential 14 / 24', 'counter'],
    ['Page 1 of 2', 'page number'],
    ['12', 'page number'],
    ['Today 8:02 AM', 'date'],
    ['Released May 6, 2025', 'date'],
    ['2d • Edited', 'date'],
    ['1.2K views', 'counts'],
    ['42 Reposts 9 Quotes 611 Likes 37 Bookmarks', 'counts'],
    ['4.7 ★★★★★ 12K Ratings', 'counts'],
    ['last seen today at 17:52', 'presence'],
    ['zuletzt online heute um 19:05', 'presence'],
    ['By Dana Whitfield · 5 min read · Apr 12, 2025', 'reading time'],
    ['Priya Raman @priya_grows · 3h', 'handle'],
    ['Posted by u/crumbshot', 'handle'],
    ['Like   Comment   Repost   Send', 'controls'],
    ['File Edit Selection View Go Run Terminal Help', 'controls'],
    ['Q Search', 'controls'],
    ["S'abonner", 'controls'],
    ['Home > Tasks > Configure Pods and Containers', 'breadcrumb'],
    ['Ln 12, Col 5 Spaces: 4 UTF-8 LF Python 3.11.4 64-bit', 'editor'],
    ['billing_service.py × models.py test_billing.py', 'editor'],
    ['From: Accounts <billing@brightpath.co>', 'email header'],
    ['Tel 023 9281 4410', 'contact'],
  ])('"%s" is %s', (line, kind) => {
    expect(furnitureOf(line)).toBe(kind);
  });

  it.each([
    'Why the Tide Pools at Marrow Point',
    'Probe readings below 20% call for irrigation within 24 h',
    'Meet at the entrance at 7?',
    'Delete browsing data',
    'Prep 10 min · Cook 15 min · Serves 4',
    'Aisha 25 12 13 4-15 Aug',
    'Subject: Invoice INV-2291 is overdue',
    'Ashford recorded 31 crashes involving cyclists on Elm Street last year, more than on any other road.',
  ])('"%s" is content', (line) => {
    expect(furnitureOf(line)).toBeNull();
  });

  it('reads clock times, not versions or prices', () => {
    expect(CLOCK_RE.exec('Jordan Lee 9:14 AM')?.[0]).toBe('9:14 AM');
    expect(CLOCK_RE.exec('Meet at 9.05 pm')?.[0]).toBe('9.05 pm');
    expect(CLOCK_RE.test('Release notes - Harbor Sync 4.12.0')).toBe(false);
    expect(CLOCK_RE.test('Oat milk 1L 3.40')).toBe(false);
    expect(isStatusBar('Jordan Lee 9:14 AM')).toBe(false);
  });

  it('keeps furniture apart when cleaning: a status bar goes, a count or a byline stands alone', () => {
    const text = `9:41 .ull 5G 87%
The Coastal Review
Why the Tide Pools at Marrow Point
Are Getting Warmer
By Dana Whitfield · 5 min read
Tomatoes have never looked better
12:41 PM · Jun 3, 2025 · 18.4K Views`;
    expect(summaryText({ text })).not.toContain('87%');
    expect(pageBlocks({ text })).toEqual([
      { type: 'heading', text: 'The Coastal Review' },
      { type: 'heading', text: 'Why the Tide Pools at Marrow Point' },
      { type: 'heading', text: 'Are Getting Warmer' },
      { type: 'furniture', text: 'By Dana Whitfield · 5 min read' },
      { type: 'heading', text: 'Tomatoes have never looked better' },
      { type: 'furniture', text: '12:41 PM · Jun 3, 2025 · 18.4K Views' },
    ]);
  });

  it('ends a chat bubble at its time, and tells a message from a "Name 10:42" line', () => {
    const blocks = pageBlocks({
      text: `Are you still up for the climbing gym tonight, or is it too late for you? 17:40
Yes! Which one, Boulder Barn or the new place on Quay Street near the station? 17:41 ✓✓
See you there 17:47 ✓✓
Jordan Lee 9:14 AM`,
    });
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'paragraph', 'paragraph', 'heading']);
  });

  it('keeps a bubble wrapped by OCR together: its time on a line of its own, its text across a gap', () => {
    const blocks = pageBlocks({
      text: `The new climbing gym. They have a
beginner wall and the day pass is only 12

quid 17:43

Nice, I'll bring my own shoes this time

17:45 vv`,
    });
    expect(blocks).toEqual([
      {
        type: 'paragraph',
        text: 'The new climbing gym. They have a beginner wall and the day pass is only 12 quid 17:43',
      },
      { type: 'paragraph', text: "Nice, I'll bring my own shoes this time 17:45 vv" },
    ]);
  });
});
