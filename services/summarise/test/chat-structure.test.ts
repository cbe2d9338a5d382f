/**
 * A phone chat as OCR hands it over (chat-message blocks with their bubble's side and sender): every message with
 * its sender — one's own as "You" — the participants, the time span, and what was asked and decided.
 */
import type { PageBlock } from '@snapnotes/contracts';
import { describe, expect, it } from 'vitest';
import { createLocalSummariser } from '../src/local.js';
import { chatFromStructure } from '../src/local/chat.js';
import { recordingLogger } from './logger.js';

const box = [0, 0, 10, 10] as [number, number, number, number];
const para = (text: string): PageBlock => ({ kind: 'paragraph', text, confidence: 95, box });
const msg = (side: 'left' | 'right', text: string, sender?: string): PageBlock => ({
  kind: 'chat-message',
  text,
  confidence: 95,
  box,
  side,
  ...(sender ? { sender } : {}),
});

// A group chat of 7 messages from 4 people: names above the others' first bubbles, one's own on the right.
const group: PageBlock[] = [
  para('9:41\nall 80%'),
  para('Launch crew\nToday 09:12'),
  msg('left', 'Morning! Is the launch still on for Thursday?', 'Maya'),
  para('09:12'),
  msg('right', 'Yes, Thursday at 10. I booked the big room.'),
  para('09:14'),
  msg('left', 'Great. Can someone check the press release draft?', 'Tomasz'),
  msg('left', 'I can read it this afternoon', 'Priya'),
  para('09:20'),
  msg('left', 'Thanks Priya. Then let us freeze the slides on Wednesday.', 'Maya'),
  msg('left', 'Agreed, I will send the final numbers by Tuesday', 'Tomasz'),
  msg('right', 'Perfect, see you all Thursday'),
  para('09:25'),
];

describe('a chat from its structure', () => {
  it('credits each message to its sender, one’s own to You, a time to the message above it', () => {
    const chat = chatFromStructure(group);
    expect(chat?.messages.map((m) => [m.speaker, m.time])).toEqual([
      ['Maya', '09:12'],
      ['You', '09:14'],
      ['Tomasz', ''],
      ['Priya', '09:20'],
      ['Maya', ''],
      ['Tomasz', ''],
      ['You', '09:25'],
    ]);
  });

  it('in a chat with one person, the left bubbles are the contact named in the header', () => {
    const chat = chatFromStructure([
      para('Lena\nToday 4:32 PM'),
      msg('right', 'The cabin is booked for Friday!'),
      msg('left', 'Yes!! How much do we each owe you?'),
    ]);
    expect(chat?.messages.map((m) => m.speaker)).toEqual(['You', 'Lena']);
  });

  it('makes a note naming every participant, the time span, what was asked and decided', async () => {
    const local = await createLocalSummariser({ logger: recordingLogger() });
    const d = await local.summarise({
      pages: [{ fileName: 'chat.png', text: group.map((b) => b.text).join('\n'), blocks: group }],
      premium: false,
      language: 'eng',
    });
    expect(d.title).toMatch(/^Chat with Maya, Tomasz \+1|^Chat with Maya, Tomasz and Priya/);
    expect(d.detailedSummary).toContain(
      'A chat between Maya, you, Tomasz and Priya with 7 messages from 09:12 to 09:25.',
    );
    expect(d.detailedSummary).toContain('- You: Yes, Thursday at 10. I booked the big room.');
    expect(d.detailedSummary).toContain('- Priya: I can read it this afternoon');
    expect(d.detailedSummary).toContain('- Tomasz: Great. Can someone check the press release draft? (asked)');
    expect(d.keyPoints).toContain('Tomasz: Agreed, I will send the final numbers by Tuesday');
    expect(d.detailedSummary).toContain('- Tomasz: Agreed, I will send the final numbers by Tuesday (decided)');
    expect(d.keyPoints.join('\n')).not.toMatch(/Maya: Yes, Thursday/);
  });
});
