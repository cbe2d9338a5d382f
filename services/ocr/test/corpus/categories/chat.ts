/** chat-light, chat-dark (a desktop team chat) and chat-bubbles (a phone messenger with coloured bubbles). */
import { PLACES, SCRIPTS } from '../content/chat.js';
import { FIRST_NAMES, LAST_NAMES, WEEKDAYS } from '../content/names.js';
import { clock, esc, fontStack, page, SANS } from '../html.js';
import { degradeParams, kindFor } from '../profiles.js';
import type { Rng } from '../rng.js';
import type { SpecDraft } from '../types.js';
import { statusBar, statusBarCss, statusBarTruth } from './phone-chrome.js';

/** Lines a text takes in a box `width` px wide (a generous estimate: average glyph 0.56 em). */
export function estimateLines(text: string, width: number, fontSize: number): number {
  const perLine = Math.max(1, Math.floor(width / (fontSize * 0.56)));
  let lines = 1;
  let used = 0;
  for (const word of text.split(' ')) {
    if (used > 0 && used + 1 + word.length > perLine) {
      lines++;
      used = word.length;
    } else used += (used > 0 ? 1 : 0) + word.length;
  }
  return lines;
}

interface Message {
  name: string;
  me: boolean;
  text: string;
  time: string;
  /** Minutes since midnight. */
  minutes: number;
}

export function conversation(rng: Rng, index: number, offset: number): { channel: string; messages: Message[] } {
  const s = SCRIPTS[(index + offset) % SCRIPTS.length]!;
  const firsts = rng.sample(FIRST_NAMES, 3);
  const names = { A: firsts[0]!, B: firsts[1]!, C: firsts[2]! };
  const values: Record<string, string> = {
    ...names,
    day: rng.pick(WEEKDAYS),
    place: rng.pick(PLACES),
    n1: String(rng.int(3, 9) * 4),
    n2: String(rng.int(40, 98) * 10),
    n3: String(rng.int(12, 60) * 5),
  };
  let minutes = rng.int(8 * 60, 20 * 60);
  const messages = s.messages.map((m) => {
    minutes += rng.int(0, 4);
    return {
      name: names[m.speaker],
      me: m.speaker === 'A',
      text: m.text.replace(/\{(\w+)\}/g, (all, k: string) => values[k] ?? all),
      time: clock(minutes),
      minutes,
    };
  });
  return { channel: s.channel, messages };
}

const DESKTOP_THEMES = {
  light: { bg: '#ffffff', text: '#1d1c1d', muted: '#616061', rail: '#3f0e40', side: '#f8f8f8', border: '#dddddd' },
  dark: { bg: '#1a1d21', text: '#d1d2d3', muted: '#9a9b9e', rail: '#111315', side: '#19171d', border: '#34373b' },
  discord: { bg: '#313338', text: '#dbdee1', muted: '#949ba4', rail: '#1e1f22', side: '#2b2d31', border: '#3f4147' },
};

export function makeDesktopChat(rng: Rng, index: number, dark: boolean): SpecDraft {
  const theme = dark ? (index % 2 === 0 ? DESKTOP_THEMES.dark : DESKTOP_THEMES.discord) : DESKTOP_THEMES.light;
  const { channel, messages } = conversation(rng, index, dark ? 3 : 0);
  const fontSize = rng.pick([14, 15, 16]);
  const font = rng.pick(SANS);
  const width = 1280;
  const height = 800;
  const textWidth = width - 64 - 220 - 40 - 56 - 40;
  const lineHeight = Math.round(fontSize * 1.45);
  const nameColours = ['#e8912d', '#2eb67d', '#36c5f0', '#e01e5a', '#a78bfa'];
  // Groups of consecutive messages by one sender, as long as they fit above the composer.
  let budget = height - 56 - 92 - 24;
  const groups: { name: string; time: string; texts: string[] }[] = [];
  for (const m of messages) {
    const last = groups[groups.length - 1];
    const h = estimateLines(m.text, textWidth, fontSize) * lineHeight + (last?.name === m.name ? 4 : lineHeight + 22);
    if (h > budget) break;
    budget -= h;
    if (last?.name === m.name) last.texts.push(m.text);
    else groups.push({ name: m.name, time: m.time, texts: [m.text] });
  }
  const fullNames = new Map(groups.map((g) => [g.name, `${g.name} ${rng.pick(LAST_NAMES)}`]));
  const colourOf = (name: string) => nameColours[[...fullNames.keys()].indexOf(name) % nameColours.length]!;
  const composer = `Message #${channel}`;
  const css = `
body { background: ${theme.bg}; color: ${theme.text}; font-family: ${fontStack(font)}; font-size: ${fontSize}px; display: flex; }
.rail { width: 64px; background: ${theme.rail}; display: flex; flex-direction: column; align-items: center; gap: 14px; padding-top: 14px; }
.rail i { display: block; width: 36px; height: 36px; border-radius: 9px; background: rgba(255,255,255,0.18); }
.side { width: 220px; background: ${theme.side}; padding: 18px 16px; display: flex; flex-direction: column; gap: 12px; }
.side b { display: block; height: 10px; border-radius: 5px; background: ${theme.border}; }
.main { flex: 1; display: flex; flex-direction: column; overflow: hidden; }
.head { height: 56px; border-bottom: 1px solid ${theme.border}; display: flex; align-items: center; padding: 0 22px; font-weight: bold; font-size: ${fontSize + 2}px; }
.msgs { flex: 1; padding: 14px 22px 0; overflow: hidden; }
.group { display: flex; gap: 14px; margin-bottom: 18px; line-height: ${lineHeight}px; }
.avatar { width: 40px; height: 40px; border-radius: ${dark && index % 2 === 1 ? '50%' : '8px'}; flex: none; }
.who { font-weight: bold; }
.when { color: ${theme.muted}; font-size: ${fontSize - 2}px; margin-left: 8px; font-weight: normal; }
.text { margin-top: 4px; }
.composer { margin: 0 22px 24px; height: 56px; border: 1px solid ${theme.border}; border-radius: 8px; display: flex; align-items: center; padding: 0 16px; color: ${theme.muted}; }`;
  const body = `<div class="rail"><i></i><i></i><i></i></div>
<div class="side">${Array.from({ length: 9 }, (_, i) => `<b style="width:${60 + ((i * 37) % 40)}%"></b>`).join('')}</div>
<div class="main"><div class="head">${esc(`# ${channel}`)}</div>
<div class="msgs">${groups
    .map(
      (g) => `<div class="group"><div class="avatar" style="background:${colourOf(g.name)}"></div><div>
<div><span class="who"${dark && index % 2 === 1 ? ` style="color:${colourOf(g.name)}"` : ''}>${esc(fullNames.get(g.name)!)}</span><span class="when">${esc(g.time)}</span></div>
${g.texts.map((t) => `<div class="text">${esc(t)}</div>`).join('')}</div></div>`,
    )
    .join('\n')}</div>
<div class="composer">${esc(composer)}</div></div>`;
  const truth = [
    `# ${channel}`,
    ...groups.flatMap((g) => [`${fullNames.get(g.name)} ${g.time}`, ...g.texts]),
    composer,
  ].join('\n');
  return {
    note: `#${channel}, ${groups.length} groups, ${dark ? (index % 2 === 0 ? 'Slack dark' : 'Discord') : 'Slack light'}`,
    html: page({ width, height, css, body }),
    width,
    height,
    scale: 1,
    truth,
    hasText: true,
    degrade: degradeParams(rng, kindFor(index, ['png', 'jpeg', 'photo', 'jpeg'])),
  };
}

export function makeBubbleChat(rng: Rng, index: number): SpecDraft {
  const { messages } = conversation(rng, index, 1);
  const whatsapp = index % 2 === 1;
  const group = index % 4 >= 2;
  const mine = whatsapp ? rng.pick(['#1f7a4d', '#128c4a']) : rng.pick(['#0a7cff', '#2f6fed']);
  const theirs = whatsapp ? '#ffffff' : '#e9e9eb';
  const pageBg = whatsapp ? '#efe7dd' : '#ffffff';
  const scale = 2;
  const width = 390;
  const height = 844;
  const fontSize = 16;
  const lineHeight = 21;
  const bubbleText = Math.round(width * 0.72) - 28;
  const other = messages.find((m) => !m.me)!;
  const title = group ? rng.pick(['Weekend crew', 'Family', 'Project team', 'Roommates']) : other.name;
  let budget = height - 54 - 62 - 40 - 74;
  const shown: Message[] = [];
  for (const m of messages) {
    const h =
      estimateLines(m.text, bubbleText, fontSize) * lineHeight + 22 + (group && !m.me ? 18 : 0) + (whatsapp ? 14 : 0);
    if (h > budget) break;
    budget -= h;
    shown.push(m);
  }
  const dayLine = `Today ${shown[0]!.time}`;
  const status = statusBar(rng, shown[shown.length - 1]!.minutes + rng.int(1, 20));
  const placeholder = whatsapp ? 'Message' : 'iMessage';
  const css = `
body { background: ${pageBg}; font-family: ${fontStack(rng.pick(SANS))}; color: #111; font-size: ${fontSize}px; }
${statusBarCss('#000000')}
.head { height: 62px; display: flex; align-items: center; gap: 10px; padding: 0 14px; background: ${whatsapp ? '#f6f6f6' : '#f7f7f8'}; border-bottom: 1px solid #d8d8d8; }
.back { width: 12px; height: 12px; border-left: 3px solid ${mine}; border-bottom: 3px solid ${mine}; transform: rotate(45deg); margin-right: 6px; }
.pic { width: 38px; height: 38px; border-radius: 50%; background: linear-gradient(135deg, #f5a35c, #c2507a); }
.title { font-weight: bold; font-size: 17px; }
.list { padding: 10px 12px; display: flex; flex-direction: column; gap: 8px; height: ${height - 54 - 62 - 74}px; overflow: hidden; }
.day { align-self: center; color: #6b6b6b; font-size: 13px; margin: 4px 0 6px; }
.b { max-width: 72%; padding: 8px 14px; border-radius: 18px; line-height: ${lineHeight}px; }
.me { align-self: flex-end; background: ${mine}; color: #ffffff; }
.them { align-self: flex-start; background: ${theirs}; color: #111111; }
.from { font-size: 13px; color: #7a4fbf; font-weight: bold; margin: 0 0 -4px 12px; }
.t { display: block; text-align: right; font-size: 12px; opacity: 0.8; line-height: 14px; margin-top: 2px; }
.input { position: absolute; left: 12px; right: 12px; bottom: 22px; height: 40px; border-radius: 20px; border: 1px solid #c7c7cc; background: #ffffff; color: #8e8e93; display: flex; align-items: center; padding: 0 16px; }`;
  const bubbles = shown
    .map((m) => {
      const from = group && !m.me ? `<div class="from">${esc(m.name)}</div>` : '';
      const time = whatsapp ? `<span class="t">${esc(m.time)}</span>` : '';
      return `${from}<div class="b ${m.me ? 'me' : 'them'}">${esc(m.text)}${time}</div>`;
    })
    .join('\n');
  const body = `${status.html}
<div class="head"><div class="back"></div><div class="pic"></div><div class="title">${esc(title)}</div></div>
<div class="list"><div class="day">${esc(dayLine)}</div>${bubbles}</div>
<div class="input">${esc(placeholder)}</div>`;
  const truth = [
    statusBarTruth(status),
    title,
    dayLine,
    ...shown.flatMap((m) => [...(group && !m.me ? [m.name] : []), whatsapp ? `${m.text} ${m.time}` : m.text]),
    placeholder,
  ].join('\n');
  return {
    note: `${whatsapp ? 'green' : 'blue'} bubbles, ${group ? 'group' : 'one-to-one'}, ${shown.length} messages`,
    html: page({ width, height, css, body }),
    width,
    height,
    scale,
    truth,
    hasText: true,
    degrade: degradeParams(rng, kindFor(index, ['png', 'jpeg', 'png', 'jpeg'])),
  };
}
