/** Finding a page's heading among recognised lines (font sizes estimated from word boxes). */
import { describe, expect, it } from 'vitest';
import type { OcrLine } from '../src/tesseract-lines.js';
import { findHeading, type PlacedLine } from '../src/recognize.js';
import { fontSizeOf } from '../src/structure.js';

/** A line at `top` whose words are `size` px fonts (boxes: x-height 0.55, ascenders 0.75, descenders 0.22 em). */
function placed(text: string, size: number, top: number, block = 0, confidence = 95): PlacedLine {
  const words = text.split(' ').map((w, i) => {
    const tall = /[A-Zbdfhklt0-9]/.test(w);
    const deep = /[gjpqy]/.test(w);
    return {
      text: w,
      confidence,
      left: i * 10 * size,
      width: 8 * size,
      top,
      height: Math.round(size * ((tall ? 0.75 : 0.55) + (deep ? 0.22 : 0))),
    };
  });
  const line: OcrLine = { text, words, confidence, height: Math.round(size * 1.2), top, left: 0, width: 1000 };
  return { line, block, top, height: size };
}

const body = [
  placed('Caching reduces latency and load on your servers', 15, 140, 2),
  placed('The simplest approach is to set the header so that browsers', 15, 164, 2),
  placed('and CDNs can reuse responses for a fixed time', 15, 188, 2),
  placed('For data that changes often prefer short lifetimes', 15, 240, 2),
];

describe('findHeading', () => {
  it('estimates font sizes from word boxes, whatever letters the words hold', () => {
    for (const w of ['Caching', 'strategies', 'for', 'APIs', 'mum']) {
      expect(Math.abs(fontSizeOf(placed(w, 28, 0).line.words[0]!)! - 28)).toBeLessThan(1.5);
    }
    expect(fontSizeOf({ text: 'O', confidence: 90, height: 24 })).toBeNull();
  });

  it('takes the largest line near the top when it is clearly larger than the body', () => {
    const lines = [
      placed('DevDocs Guides API Blog', 14, 12, 0),
      placed('Getting started', 13, 70, 1),
      placed('Caching strategies for REST APIs', 28, 66, 2),
      ...body,
    ];
    expect(findHeading(lines, 800)).toBe('Caching strategies for REST APIs');
  });

  it('joins a heading that wraps onto a second line of the same size', () => {
    const lines = [
      placed('City council approves new bike lanes', 36, 40, 0),
      placed('downtown', 36, 82, 0),
      placed('By Jordan Ames March 4', 13, 130, 0),
      ...body,
    ];
    expect(findHeading(lines, 900)).toBe('City council approves new bike lanes downtown');
  });

  it('finds none when nothing stands out, when several lines are as large, or when it is low on the page', () => {
    expect(findHeading(body, 800)).toBeNull();
    const menu = ['Home', 'Explore', 'Notifications', 'Messages'].map((m, i) => placed(m, 24, 20 + i * 50, 0));
    expect(findHeading([...menu, ...body], 800)).toBeNull();
    expect(findHeading([...body, placed('Related articles', 28, 500, 3)], 800)).toBeNull();
    // Badly read lines make no heading either.
    expect(findHeading([placed('Caching strategies', 28, 60, 2, 40), ...body], 800)).toBeNull();
  });
});
