/** Forms and settings pages (local/form.ts): what the form is for, its filled-in fields and its checked boxes. */
import type { PageBlock } from '@snapnotes/contracts';
import { describe, expect, it } from 'vitest';
import { createLocalSummariser } from '../src/local.js';
import { findForm } from '../src/local/form.js';
import { recordingLogger } from './logger.js';

const box = [0, 0, 10, 10] as [number, number, number, number];
const pair = (label: string, value: string): PageBlock => ({
  kind: 'label-value',
  text: `${label}:\t${value}`,
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
  it('is titled by what it is for, with its filled-in fields as key points and every field in the summary', async () => {
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
      'Dates: October 3 through October 5',
      'Hours: 9:30 a.m. - 5:30 p.m.',
      'Quantities: 270,000',
    ]);
    expect(d.detailedSummary).toContain('- Product: Old Gold Lights');
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

  it('is not found in prose that has a colon or two', () => {
    expect(
      findForm('Note: the meeting moved.\nWe will meet on Friday at noon in room 4.\nBring: the slides.', undefined),
    ).toBeNull();
  });
});
