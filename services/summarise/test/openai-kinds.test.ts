/**
 * A model is asked for each kind of page's facts (openai-kinds.ts): it reads the page's structure (table rows as
 * "| a | b |", chat bubbles with their side and sender, code fenced), gets the kind's JSON schema, and a receipt's
 * total, date and shop the model leaves out of its note are put in.
 */
import type { PageBlock, Summariser } from '@snapnotes/contracts';
import { type OpenAIStandin, startOpenAIStandin } from '@snapnotes/testing/openai-standin';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSummariser } from '../src/local.js';
import { createOpenAISummariser } from '../src/openai.js';
import { noteSchema, requestKind, structuredText, withFacts } from '../src/openai-kinds.js';
import { recordingLogger } from './logger.js';

const box = [0, 0, 10, 10] as [number, number, number, number];
const row = (...cells: string[]): PageBlock => ({
  kind: 'table-row',
  text: cells.join('\t'),
  cells,
  confidence: 95,
  box,
});
const receipt: PageBlock[] = [
  { kind: 'heading', text: 'GREEN LEAF MARKET', confidence: 97, box },
  { kind: 'paragraph', text: '214 Harbour Road, Portsmouth', confidence: 95, box },
  {
    kind: 'label-value',
    text: 'Date: 12/04/2025 14:32',
    label: 'Date',
    value: '12/04/2025 14:32',
    confidence: 95,
    box,
  },
  row('Oat milk 1L', '1.85'),
  row('Sourdough loaf', '2.90'),
  row('Cheddar 400g', '4.15'),
  row('TOTAL', '£8.90'),
  row('VISA CONTACTLESS', '£8.90'),
];
const page = { fileName: 'receipt.jpg', text: receipt.map((b) => b.text).join('\n'), blocks: receipt };

let standin: OpenAIStandin;
let local: Summariser;

beforeAll(async () => {
  standin = await startOpenAIStandin();
  local = await createLocalSummariser({ logger: recordingLogger() });
});
afterAll(async () => standin.close());

describe('what a model is asked per kind of page', () => {
  it('reads a receipt’s structure and is asked for its shop, date and total', async () => {
    const s = createOpenAISummariser({
      client: new OpenAI({ apiKey: 'sk-test', baseURL: standin.url, maxRetries: 0 }),
      model: 'gpt-4o-mini',
      timeoutMs: 5_000,
      logger: recordingLogger(),
      fallback: local,
    });
    standin.requests.length = 0;
    await s.summarise({ pages: [page], premium: false, language: 'eng' });
    const body = standin.requests[0]!.body as {
      messages: { role: string; content: string }[];
      response_format: { json_schema: { name: string; schema: { properties: { facts: { required: string[] } } } } };
    };
    expect(body.response_format.json_schema.name).toBe('note_receipt');
    expect(body.response_format.json_schema.schema.properties.facts.required).toEqual([
      'merchant',
      'date',
      'total',
      'paymentMethod',
      'itemCount',
    ]);
    expect(body.messages[0]!.content).toMatch(/A receipt or invoice: the title is the shop/);
    expect(body.messages.at(-1)!.content).toBe(
      '# GREEN LEAF MARKET\n214 Harbour Road, Portsmouth\nDate: 12/04/2025 14:32\n| Oat milk 1L | 1.85 |\n| Sourdough loaf | 2.90 |\n| Cheddar 400g | 4.15 |\n| TOTAL | £8.90 |\n| VISA CONTACTLESS | £8.90 |',
    );
  });

  it('renders a chat’s bubbles with their side and sender, and code in a fence', () => {
    const chat: PageBlock[] = [
      { kind: 'chat-message', text: 'Is the launch\nstill on?', side: 'left', sender: 'Maya', confidence: 95, box },
      { kind: 'chat-message', text: 'Yes, Thursday at 10.', side: 'right', confidence: 95, box },
      { kind: 'chat-message', text: 'Great, thanks!', side: 'left', confidence: 95, box },
    ];
    const req = { pages: [{ fileName: 'c.png', text: '', blocks: chat }], premium: false, language: 'eng' };
    expect(structuredText(req)).toBe(
      '[left] Maya: Is the launch still on?\n[right] You: Yes, Thursday at 10.\n[left] Them: Great, thanks!',
    );
    expect(requestKind(req)).toBe('chat');
    const code: PageBlock[] = [
      { kind: 'paragraph', text: 'invoice.py', confidence: 90, box },
      { kind: 'code-line', text: 'def total(rows):', indent: 0, confidence: 90, box },
      { kind: 'code-line', text: '    return sum(rows)', indent: 4, confidence: 90, box },
    ];
    expect(structuredText({ ...req, pages: [{ fileName: 'c.png', text: '', blocks: code }] })).toBe(
      'invoice.py\n```\ndef total(rows):\n    return sum(rows)\n```',
    );
  });

  it('gives prose and mixed uploads the plain note schema', () => {
    expect(noteSchema(null).schema.required).toEqual(['title', 'keyPoints', 'detailedSummary', 'tags']);
    expect(noteSchema('prose').name).toBe('note_summary');
    expect(
      requestKind({
        pages: [page, { fileName: 'a.png', text: 'Some words of prose here.' }],
        premium: false,
        language: null,
      }),
    ).toBeNull();
  });

  it('puts the receipt facts a model left out of its note into it', () => {
    const draft = {
      title: 'Shopping trip',
      keyPoints: ['Bought bread and cheese'],
      detailedSummary: 'x',
      engine: 'openai:m',
    };
    const fixed = withFacts(draft, 'receipt', { merchant: 'Green Leaf Market', date: '12/04/2025', total: '£8.90' });
    expect(fixed.title).toBe('Green Leaf Market receipt');
    expect(fixed.keyPoints).toEqual(['Total: £8.90', 'Date: 12/04/2025', 'Bought bread and cheese']);
    // Facts already in the note stay as the model wrote them.
    const kept = withFacts({ ...draft, keyPoints: ['Paid £8.90 on 12/04/2025'] }, 'receipt', {
      total: '£8.90',
      date: '12/04/2025',
    });
    expect(kept.keyPoints).toEqual(['Paid £8.90 on 12/04/2025']);
  });
});
