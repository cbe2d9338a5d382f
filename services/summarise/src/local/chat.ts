/**
 * Chats: team chats ("Jordan Lee 9:14 AM" over each message), phone chats (bubbles ending with their time, a read
 * tick on one's own, a contact's name and "last seen…" in the header) and chats without times (a contact's name,
 * "iMessage", "Delivered"). The note is titled "Chat with <name>: <topic>" and quotes the messages with their
 * speakers; the header, times, ticks and presence lines are never part of it.
 */
import type { PageBlock, SummaryDraft } from '@snapnotes/contracts';
import type { Block } from './blocks.js';
import { chatSpeaker } from './lines.js';
import { CLOCK_RE, MESSAGE_TIME_RE, TICKS_RE, furnitureOf } from '../furniture.js';
import { KEY_POINT_MAX, MAX_KEY_POINTS, TITLE_MAX, countWords, joinAnd, shorten } from '../text.js';
import type { Analyser } from './analyser.js';
import { andIn } from './prose.js';
import { type Unit, byScore, pickKeyPoints, scoreUnits, termWeights } from './units.js';

export interface ChatMessage {
  /** Who wrote it: a name, "You" for one's own messages when the page tells them apart, or '' when unknown. */
  speaker: string;
  time: string;
  text: string;
}

export interface Chat {
  messages: ChatMessage[];
  /** The contact or group named in the header of a phone chat. */
  contact: string | null;
}

/** A message that settles something: a plan agreed, a promise made. */
const DECIDED_RE =
  /\b(?:let's|let us|we'll|we will|agreed|decided|sounds good|deal|booked|confirmed|i'll|i will|will do|on it)\b/iu;

/** Below this many words the chat's detailed summary quotes every message. */
const SHORT_CHAT_WORDS = 160;

const OWN = 'You';

function textOf(b: Block): string | null {
  if (b.type === 'heading' || b.type === 'paragraph') return b.text;
  if (b.type === 'list') return b.items.join(' ');
  return null;
}

/** A name on its own line: one to four capitalised words (after a back arrow), no time, not furniture. */
function nameOf(text: string): string | null {
  const t = text.replace(/^[<‹←]\s*/, '').trim();
  if (CLOCK_RE.test(t) || furnitureOf(t) || /[.!?,:;]$/.test(t)) return null;
  const words = t.split(/\s+/);
  if (words.length > 4) return null;
  return words.every((w) => /^[\p{Lu}\p{Lt}][\p{L}'’.-]*$/u.test(w) || /^\p{So}+$/u.test(w))
    ? t.replace(/\s*\p{So}+$/u, '')
    : null;
}

/** "Ana, Ben, Chloe, You": the members of a group chat. */
function isMemberList(text: string): boolean {
  const parts = text.split(/\s*,\s*/);
  return parts.length >= 3 && parts.every((p) => /^\p{Lu}[\p{L}'’.-]*(?:\s\p{Lu}[\p{L}'’.-]*)?$/u.test(p));
}

/** The contact of a phone chat: a name in the first lines followed by a presence line or a member list. */
function headerContact(blocks: Block[]): string | null {
  const top = blocks.slice(0, 6);
  for (let i = 0; i < top.length; i++) {
    const text = textOf(top[i]!);
    const name = text ? nameOf(text) : null;
    if (!name) continue;
    const next = top[i + 1];
    if (!next) continue;
    const nextText = 'text' in next ? next.text : '';
    const presence = next.type === 'furniture' && furnitureOf(next.text) === 'presence';
    if (presence || isMemberList(nextText)) return name;
  }
  return null;
}

/** Team chats: "Name 10:42" lines, each followed by its message. */
function speakerLineChat(blocks: Block[]): ChatMessage[] | null {
  const metas = blocks.filter((b) => b.type === 'heading' && chatSpeaker(b.text)).length;
  if (metas < 2) return null;
  const messages: ChatMessage[] = [];
  let current: ChatMessage | null = null;
  let outside = 0;
  for (const b of blocks) {
    const speaker = b.type === 'heading' ? chatSpeaker(b.text) : null;
    if (speaker && b.type === 'heading') {
      if (current?.text) messages.push(current);
      current = { speaker, time: CLOCK_RE.exec(b.text)?.[0]?.trim() ?? '', text: '' };
      continue;
    }
    const text = textOf(b);
    if (text === null) continue;
    if (current) current.text = [current.text, text].filter(Boolean).join(' ');
    else outside += countWords(text);
  }
  if (current?.text) messages.push(current);
  const inside = messages.reduce((n, m) => n + countWords(m.text), 0);
  return messages.length >= 2 && inside >= outside ? messages : null;
}

/** A row that ends with a date ("… Mar 4", "… Yesterday"): an inbox or a feed, not a chat. */
const ENDS_WITH_DATE_RE =
  /\s(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s\d{1,2}|\d{1,2}\s(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?|yesterday)$/i;

/**
 * Phone chats: bubbles ending with their time (and a tick on one's own), names right above them in a group. The
 * bubbles must hold more words than the other text of the page, and rows ending with a date (an inbox) must not
 * outnumber them.
 */
function bubbleChat(blocks: Block[], contact: string | null): ChatMessage[] | null {
  const bubbles = blocks.filter((b) => {
    const text = textOf(b);
    return text !== null && MESSAGE_TIME_RE.test(text) && !chatSpeaker(text);
  });
  if (bubbles.length < 2) return null;
  const dated = blocks.filter((b) => b.type !== 'furniture' && ENDS_WITH_DATE_RE.test(textOf(b) ?? '')).length;
  if (dated * 2 >= bubbles.length) return null;
  const ticks = bubbles.some((b) => TICKS_RE.test(textOf(b)!.trim()));
  const messages: ChatMessage[] = [];
  let speaker = '';
  let outside = 0;
  for (const b of blocks) {
    const text = textOf(b);
    if (text === null) continue;
    if (bubbles.includes(b)) {
      const time = MESSAGE_TIME_RE.exec(text)?.[0] ?? '';
      const own = TICKS_RE.test(time.trim());
      messages.push({
        speaker: own ? OWN : speaker || (ticks ? (contact ?? '') : ''),
        time: CLOCK_RE.exec(time)?.[0] ?? '',
        text: text.slice(0, text.length - time.length).trim(),
      });
      continue;
    }
    const name = nameOf(text);
    if (name && name !== contact && countWords(text) <= 4) {
      speaker = name; // the sender of the bubbles below it
      continue;
    }
    speaker = '';
    if (!isMemberList(text) && nameOf(text) !== contact) outside += countWords(text);
  }
  const inside = messages.reduce((n, m) => n + countWords(m.text), 0);
  return inside >= outside ? messages.filter((m) => m.text) : null;
}

/** Chats without times: the blocks after a contact's header, when the page shows chat furniture. */
function plainChat(blocks: Block[], contact: string | null): ChatMessage[] | null {
  if (!contact) return null;
  const at = blocks.findIndex((b) => 'text' in b && nameOf(b.text) === contact);
  const rest = blocks.slice(at + 1).filter((b) => b.type !== 'furniture' && b.type !== 'code');
  const texts = rest.map(textOf).filter((t): t is string => t !== null && !isMemberList(t));
  if (texts.length < 3 || texts.some((t) => countWords(t) > 40)) return null;
  return texts.map((text) => ({ speaker: '', time: '', text }));
}

/** A line naming the chat in its header ("Lena", "Family", "Project team"): words, no time, not a status bar. */
function headerName(text: string): string | null {
  for (const line of text.split('\n')) {
    const t = line.replace(/^[<‹←]\s*/, '').trim();
    if (!/\p{L}{2}/u.test(t) || CLOCK_RE.test(t) || furnitureOf(t) || /%|=/.test(t)) continue;
    return t.split(/\s+/).length <= 4 && !/[.!?]$/.test(t) ? t : null;
  }
  return null;
}

/**
 * A phone chat as OCR handed it over (chat-message blocks: each bubble with its side, and its sender when a name
 * stands above it): one's own bubbles (on the right) are "You"; a bubble on the left is its sender's, else the
 * sender of the bubble above it on the left, else the contact named in the header. A time standing below a
 * bubble is that message's.
 */
export function chatFromStructure(blocks: readonly PageBlock[]): Chat | null {
  const first = blocks.findIndex((b) => b.kind === 'chat-message');
  if (first < 0 || blocks.filter((b) => b.kind === 'chat-message').length < 2) return null;
  let contact: string | null = null;
  for (const b of blocks.slice(0, first)) contact = headerName(b.text) ?? contact;
  const messages: ChatMessage[] = [];
  let lastLeft = '';
  for (const b of blocks.slice(first)) {
    if (b.kind === 'chat-message') {
      const own = b.side === 'right';
      if (!own && b.sender) lastLeft = b.sender;
      const time = MESSAGE_TIME_RE.exec(b.text)?.[0] ?? '';
      messages.push({
        speaker: own ? OWN : (b.sender ?? (lastLeft || contact || '')),
        time: CLOCK_RE.exec(time)?.[0] ?? '',
        text: b.text
          .slice(0, b.text.length - time.length)
          .replace(/\s*\n\s*/g, ' ')
          .trim(),
      });
      continue;
    }
    const clock = CLOCK_RE.exec(b.text);
    const prev = messages.at(-1);
    if (clock && prev && !prev.time && b.text.replace(/[^\p{L}]/gu, '').length <= 4) prev.time = clock[0];
  }
  const kept = messages.filter((m) => m.text);
  return kept.length >= 2 ? { messages: kept, contact: lastLeft ? null : contact } : null;
}

/** The chat on a page, or null when the page is not a chat. */
export function findChat(blocks: Block[]): Chat | null {
  const team = speakerLineChat(blocks);
  if (team) return { messages: team, contact: null };
  const contact = headerContact(blocks);
  const bubbles = bubbleChat(blocks, contact);
  if (bubbles && bubbles.length >= 2) return { messages: bubbles, contact };
  const plain = plainChat(blocks, contact);
  return plain ? { messages: plain, contact } : null;
}

const CHAT_WITH: Record<string, string> = { fra: 'Discussion avec', deu: 'Chat mit', spa: 'Chat con', ita: 'Chat con' };

/** The people of a chat, for its title: the speakers other than oneself, or the contact in the header. */
function people(chat: Chat): string[] {
  const speakers = [...new Set(chat.messages.map((m) => m.speaker).filter((s) => s && s !== OWN))];
  if (chat.contact && !speakers.includes(chat.contact) && speakers.length === 0) return [chat.contact];
  return speakers.length ? speakers : chat.contact ? [chat.contact] : [];
}

function messageUnits(chat: Chat, analyser: Analyser): Unit[] {
  return chat.messages.map((m, i) => ({
    kind: 'message' as const,
    text: m.text,
    block: i,
    order: i,
    firstInBlock: true,
    terms: analyser.terms(m.text),
    words: countWords(m.text),
    score: 0,
  }));
}

/** Nouns that say nothing of a chat's topic. */
const VAGUE = new Set(
  'look thing things time way lot bit today tonight tomorrow morning evening week guys everyone anything something one ok'.split(
    ' ',
  ),
);

/**
 * The chat's topic: the key phrase whose words recur most in the messages (a recurring word is what the chat is
 * about), the earlier one on a tie; none when no content word recurs.
 */
function topic(units: Unit[], analyser: Analyser, names: string[]): string | null {
  const nameWords = new Set(names.flatMap((n) => n.toLowerCase().split(/\s+/)));
  // A crude stem, so that "onboarding" read as a noun and as a verb count as one word.
  const stem = (t: string) => t.replace(/(?:ing|ed|es|s)$/, '');
  const tf = new Map<string, number>();
  for (const u of units) for (const t of u.terms) tf.set(stem(t), (tf.get(stem(t)) ?? 0) + 1);
  let best: { text: string; score: number } | null = null;
  for (const u of units) {
    for (const phrase of analyser.phrases(u.text)) {
      if (/\d/.test(phrase) || phrase.split(/\s+/).some((w) => nameWords.has(w.toLowerCase()))) continue;
      const terms = [...new Set(analyser.terms(phrase).map(stem))].filter((t) => !VAGUE.has(t));
      // Only recurring words count: the phrase that holds the most of them, the earliest on a tie.
      const score = terms.reduce((s, t) => s + ((tf.get(t) ?? 0) >= 2 ? tf.get(t)! : 0), 0);
      if (score === 0) continue;
      if (!best || score > best.score) best = { text: phrase, score };
    }
  }
  if (best) return best.text;
  // No noun phrase holds a recurring word (wink may read "onboarding" as a verb): the word itself, with the
  // phrase that follows it ("onboarding mockups").
  const recurring = [...tf.entries()].filter(([t, n]) => n >= 2 && !VAGUE.has(t) && !nameWords.has(t) && t.length >= 3);
  recurring.sort((a, b) => b[1] - a[1]);
  for (const [t] of recurring) {
    for (const u of units) {
      const m = new RegExp(`\\b(${t}\\p{L}*)(?:\\s+(\\p{L}+))?`, 'iu').exec(u.text);
      if (!m) continue;
      const next = m[2] && analyser.phrases(u.text).some((p) => p.toLowerCase().startsWith(m[2]!.toLowerCase()));
      return next ? `${m[1]} ${m[2]}` : m[1]!;
    }
  }
  return null;
}

/** "Chat with Marco Bellini: climbing gym" (in the page's language for French, German, Spanish and Italian). */
export function chatTitle(chat: Chat, analyser: Analyser, language: string | null): string {
  const units = messageUnits(chat, analyser);
  const names = people(chat);
  const subject = topic(units, analyser, names);
  const label = CHAT_WITH[language ?? ''] ?? 'Chat with';
  const fit = (list: string[]) =>
    list.length <= 3 ? joinAnd(list, andIn(language)) : `${list.slice(0, 2).join(', ')} +${list.length - 2}`;
  let who = names.length ? `${label} ${fit(names)}` : 'Chat';
  if (subject && `${who}: ${subject}`.length > TITLE_MAX) who = `${label} ${fit(names.map((n) => n.split(' ')[0]!))}`;
  return shorten(subject ? `${who}: ${subject}` : who, TITLE_MAX);
}

export function chatSummary(chat: Chat, analyser: Analyser, title: string, engine: string): SummaryDraft {
  const { messages } = chat;
  const units = messageUnits(chat, analyser);
  scoreUnits(units, termWeights(units));
  const label = (u: Unit) => {
    const m = messages[u.order]!;
    return m.speaker ? `${m.speaker}: ${u.text}` : u.text;
  };
  const keyPoints = pickKeyPoints(units, label, (u) => messages[u.order]!.speaker);
  const names = [...new Set(messages.map((m) => m.speaker).filter(Boolean))].map((s) => (s === OWN ? 'you' : s));
  const all = names.length ? names : chat.contact ? [chat.contact, 'you'] : [];
  const times = messages.map((m) => m.time).filter(Boolean);
  const first = times[0];
  const last = times[times.length - 1];
  const span = first && last && first !== last ? ` from ${first} to ${last}` : first ? ` at ${first}` : '';
  const intro = `A chat${all.length ? ` between ${joinAnd(all)}` : ''} with ${messages.length} messages${span}.`;
  const totalWords = units.reduce((n, u) => n + u.words, 0);
  let shown = units;
  if (totalWords > SHORT_CHAT_WORDS) {
    const budget = Math.max(110, Math.round(totalWords * 0.4));
    let used = 0;
    shown = [];
    for (const u of [...units].sort(byScore)) {
      if (used >= budget) break;
      shown.push(u);
      used += u.words;
    }
    shown.sort((a, b) => a.order - b.order);
  }
  // What was asked (the questions of the chat) and what was decided or promised: marked on the messages shown,
  // and said apart only for those the summary leaves out (a message is never quoted twice).
  const who = (m: ChatMessage) => (m.speaker === OWN ? 'you' : m.speaker);
  const isQuestion = (m: ChatMessage) => /\?/.test(m.text) && countWords(m.text) >= 3;
  const isDecision = (m: ChatMessage) => DECIDED_RE.test(m.text) && !m.text.includes('?');
  const mark = (m: ChatMessage) => (isQuestion(m) ? ' (asked)' : isDecision(m) ? ' (decided)' : '');
  const lines = shown.map((u) => `- ${shorten(label(u), 300)}${mark(messages[u.order]!)}`);
  const hidden = messages.filter((m, i) => !shown.some((u) => u.order === i));
  const asked = hidden.filter(isQuestion).slice(-3);
  const decided = messages.filter(isDecision).slice(-2);
  const outcome = [
    asked.length ? `Also asked: ${asked.map((m) => (m.speaker ? `${m.text} (${who(m)})` : m.text)).join(' ')}` : '',
    hidden.some(isDecision)
      ? `Also decided: ${hidden
          .filter(isDecision)
          .slice(-2)
          .map((m) => (m.speaker ? `${m.text} (${who(m)})` : m.text))
          .join(' ')}`
      : '',
  ].filter(Boolean);
  if (decided.length && keyPoints.length < MAX_KEY_POINTS) {
    const last = decided[decided.length - 1]!;
    // In the key points' own form (speaker first).
    const point = last.speaker ? `${last.speaker}: ${last.text}` : last.text;
    if (!keyPoints.some((k) => k.includes(last.text))) keyPoints.push(shorten(point, KEY_POINT_MAX));
  }
  const detailedSummary = [intro, lines.join('\n'), ...outcome.map((o) => shorten(o, 400))].join('\n\n');
  return { title, keyPoints, detailedSummary, engine };
}
