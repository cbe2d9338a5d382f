/**
 * The corpus items as web pages, the way people meet such text: a chat app, a slide, a news article, a code editor,
 * a spreadsheet, a till receipt, a recipe card, a social post, a document. Every page is self-contained (no network)
 * and sized to its content; Chromium renders it (render.ts).
 */
import type { CorpusItem } from '@snapnotes/text-moderation/corpus';

const SANS = "'DejaVu Sans', 'Liberation Sans', sans-serif";
const SERIF = "'DejaVu Serif', 'Liberation Serif', serif";
const MONO = "'DejaVu Sans Mono', 'Liberation Mono', monospace";

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const lines = (t: string) => t.split('\n');
const AVATAR_COLOURS = ['#f59e0b', '#10b981', '#6366f1', '#ef4444', '#0ea5e9', '#a855f7'];
const colourOf = (name: string) => AVATAR_COLOURS[[...name].reduce((n, c) => n + c.charCodeAt(0), 0) % 6]!;

/** "Name: message" → [name, message]; lines without a name continue the previous speaker. */
function speakers(text: string): { name: string; message: string }[] {
  let last = '';
  return lines(text).map((l) => {
    const m = /^([^:]{1,24}): (.*)$/.exec(l);
    if (m) last = m[1]!;
    return { name: m ? m[1]! : last, message: m ? m[2]! : l };
  });
}

function chat(item: CorpusItem): { body: string; css: string; width: number } {
  const dark = item.dark === true;
  const people = speakers(item.text);
  const me = people[1]?.name ?? '';
  const rows = people
    .map((p, i) => {
      const mine = p.name === me;
      return `<div class="row ${mine ? 'mine' : ''}"><div class="bubble"><div class="name">${esc(p.name)}</div>${esc(p.message)}<div class="time">${9 + (i >> 1)}:${String(10 + i * 7).slice(-2)}</div></div></div>`;
    })
    .join('');
  const css = `body { background: ${dark ? '#0b141a' : '#efeae2'}; font: 17px/1.4 ${SANS}; }
.bar { background: ${dark ? '#202c33' : '#075e54'}; color: #fff; padding: 14px 18px; font-weight: 600; }
.list { padding: 12px 14px; } .row { display: flex; margin: 8px 0; } .row.mine { justify-content: flex-end; }
.bubble { max-width: 78%; padding: 8px 12px; border-radius: 10px; background: ${dark ? '#202c33' : '#fff'};
  color: ${dark ? '#e9edef' : '#111b21'}; }
.mine .bubble { background: ${dark ? '#005c4b' : '#d9fdd3'}; }
.name { font-size: 13px; font-weight: 700; color: ${dark ? '#53bdeb' : '#1f7aad'}; }
.time { font-size: 11px; text-align: right; color: ${dark ? '#8696a0' : '#667781'}; }`;
  return {
    css,
    width: 480,
    body: `<div class="bar">${esc(people[0]?.name ?? 'Chat')}</div><div class="list">${rows}</div>`,
  };
}

function post(item: CorpusItem): { body: string; css: string; width: number } {
  const dark = item.dark === true;
  const people = speakers(item.text);
  const first = people[0]!;
  const body = people
    .map(
      (p, i) =>
        `<div class="post"><div class="head"><span class="avatar" style="background:${colourOf(p.name)}"></span><b>${esc(
          p.name,
        )}</b> <span class="handle">@${esc(p.name.toLowerCase().replace(/\W+/g, ''))} · ${i + 2}h</span></div><div class="text">${esc(p.message)}</div><div class="meta">♡ ${12 + i * 31}   ↻ ${3 + i * 4}</div></div>`,
    )
    .join('');
  const css = `body { background: ${dark ? '#000' : '#fff'}; color: ${dark ? '#e7e9ea' : '#0f1419'}; font: 17px/1.45 ${SANS}; }
.top { padding: 12px 16px; font-weight: 700; font-size: 19px; border-bottom: 1px solid #cfd9de; }
.post { padding: 12px 16px; border-bottom: 1px solid ${dark ? '#2f3336' : '#eff3f4'}; }
.head { display: flex; align-items: center; gap: 8px; } .avatar { width: 36px; height: 36px; border-radius: 50%; display: inline-block; }
.handle, .meta { color: #536471; font-size: 14px; } .text { margin: 6px 0 6px 44px; } .meta { margin-left: 44px; }`;
  return {
    css,
    width: 560,
    body: `<div class="top">${esc(first.name === first.message ? 'Home' : 'Posts')}</div>${body}`,
  };
}

function titled(
  item: CorpusItem,
  kind: 'slide' | 'article' | 'recipe' | 'doc',
): { body: string; css: string; width: number } {
  const [title = '', ...rest] = lines(item.text);
  const list = kind === 'slide' || kind === 'recipe';
  const content = list
    ? `<ul>${rest.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`
    : rest.map((l) => `<p>${esc(l)}</p>`).join('');
  const styles = {
    slide: `body { background: #fff; font: 24px/1.45 ${SANS}; color: #1f2937; } .wrap { padding: 40px 56px; border-top: 14px solid #2563eb; }
h1 { font-size: 36px; margin: 0 0 22px; color: #1e3a8a; } li { margin: 10px 0; }
.foot { position: absolute; bottom: 16px; right: 28px; font-size: 14px; color: #6b7280; }`,
    article: `body { background: #fff; font: 18px/1.6 ${SERIF}; color: #121212; } .nav { font: 600 15px ${SANS}; padding: 12px 24px; background: #bb1919; color: #fff; }
.wrap { padding: 20px 32px; } h1 { font: 700 30px/1.25 ${SANS}; margin: 0 0 8px; } .by { font: 14px ${SANS}; color: #555; margin-bottom: 12px; }`,
    recipe: `body { background: #fdf6e3; font: 19px/1.5 ${SERIF}; color: #3b2f1e; } .wrap { margin: 24px; padding: 24px 30px; background: #fff; border-radius: 12px; border: 1px solid #eadfc8; }
h1 { font: 700 30px ${SERIF}; margin: 0 0 14px; color: #8b3a1a; } li { margin: 8px 0; }`,
    doc: `body { background: #fff; font: 18px/1.55 ${SANS}; color: #202124; } .wrap { padding: 36px 48px; } h1 { font-size: 26px; margin: 0 0 16px; } p { margin: 0 0 10px; }`,
  }[kind];
  const top = kind === 'article' ? '<div class="nav">NEWS · UK · World · Business · Sport</div>' : '';
  const by = kind === 'article' ? '<div class="by">By a staff reporter · 4 min read</div>' : '';
  const foot = kind === 'slide' ? '<div class="foot">Lecture slides · page 12</div>' : '';
  const width = kind === 'slide' ? 1100 : kind === 'article' ? 820 : 760;
  return { css: styles, width, body: `${top}<div class="wrap"><h1>${esc(title)}</h1>${by}${content}</div>${foot}` };
}

function code(item: CorpusItem): { body: string; css: string; width: number } {
  const dark = item.dark === true;
  const rows = lines(item.text)
    .map((l, i) => `<div><span class="n">${i + 1}</span>${esc(l) || ' '}</div>`)
    .join('');
  const css = `body { background: ${dark ? '#1e1e1e' : '#fff'}; color: ${dark ? '#d4d4d4' : '#24292f'}; font: 16px/1.6 ${MONO}; }
.tabs { font: 13px ${SANS}; padding: 8px 14px; background: ${dark ? '#252526' : '#f3f3f3'}; color: #888; }
.code { padding: 10px 0; white-space: pre; } .n { display: inline-block; width: 44px; padding-right: 14px; text-align: right; color: #858585; }`;
  return { css, width: 900, body: `<div class="tabs">main.py — project</div><div class="code">${rows}</div>` };
}

function table(item: CorpusItem, receipt: boolean): { body: string; css: string; width: number } {
  const [title = '', ...rest] = lines(item.text);
  if (receipt) {
    const rows = lines(item.text)
      .map((l) => {
        const [a = '', b] = l.split('\t');
        return b === undefined
          ? `<div class="c">${esc(a)}</div>`
          : `<div class="r"><span>${esc(a)}</span><span>${esc(b)}</span></div>`;
      })
      .join('');
    const css = `body { background: #e5e7eb; font: 17px/1.6 ${MONO}; color: #111; } .paper { margin: 20px auto; width: 400px; background: #fffef8; padding: 18px 22px; }
.r { display: flex; justify-content: space-between; } .c { text-align: center; }`;
    return { css, width: 460, body: `<div class="paper">${rows}</div>` };
  }
  const cells = rest.map((l) => l.split('\t'));
  const body = `<div class="bar">File  Edit  View  Insert  Format  Data</div><div class="title">${esc(title)}</div><table>${cells
    .map((r, i) => `<tr>${r.map((c) => (i === 0 ? `<th>${esc(c)}</th>` : `<td>${esc(c)}</td>`)).join('')}</tr>`)
    .join('')}</table>`;
  const css = `body { background: #fff; font: 16px/1.4 ${SANS}; color: #202124; } .bar { padding: 8px 14px; background: #f1f3f4; font-size: 14px; }
.title { font-size: 22px; font-weight: 600; padding: 14px 16px 8px; } table { border-collapse: collapse; margin: 0 16px 20px; }
th { background: #e8f0fe; font-weight: 700; } th, td { border: 1px solid #dadce0; padding: 7px 14px; text-align: left; white-space: nowrap; }`;
  return { css, width: 860, body };
}

/** The page of one corpus item: HTML and viewport width (the height is the content's). */
export function pageOf(item: CorpusItem): { html: string; width: number } {
  const part =
    item.layout === 'chat'
      ? chat(item)
      : item.layout === 'post'
        ? post(item)
        : item.layout === 'code'
          ? code(item)
          : item.layout === 'sheet' || item.layout === 'receipt'
            ? table(item, item.layout === 'receipt')
            : titled(item, item.layout);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
html, body { margin: 0; padding: 0; } * { box-sizing: border-box; }
body { width: ${part.width}px; position: relative; padding-bottom: 40px; font-variant-ligatures: none; }
${part.css}
</style></head><body>${part.body}</body></html>`;
  return { html, width: part.width };
}
