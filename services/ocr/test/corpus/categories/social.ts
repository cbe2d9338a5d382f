/** social: a social-media post (author, handle, text, time, counts), on a desktop page or a phone. */
import { FIRST_NAMES, LAST_NAMES, MONTHS, person } from '../content/names.js';
import { clock, esc, fontStack, page, SANS } from '../html.js';
import { degradeParams, kindFor } from '../profiles.js';
import type { Rng } from '../rng.js';
import type { SpecDraft } from '../types.js';
import { statusBar, statusBarCss, statusBarTruth } from './phone-chrome.js';

const POSTS = [
  'Finally finished the bookshelf I started in {month}. {n} screws, two trips to the hardware store and one very patient neighbor. Worth it.',
  'Hot take: the best part of any conference is the hallway conversations, not the talks. Met three people today who solved a problem I had been stuck on for weeks.',
  'Our community garden just harvested {n} pounds of tomatoes for the food bank. Thank you to every volunteer who showed up at 7 am on a Saturday!',
  'Reminder that the city council meeting on the new bus routes is tonight at 6:30. If you ride the 14 or the 22, your stop might move.',
  'Three years ago I could not run a mile. This morning I finished my first half marathon in 2 hours and {n} minutes. Slow and steady really works.',
  'We are hiring two junior developers in {city}. No degree required, just curiosity and a willingness to learn. Applications close on Friday.',
  'The new library branch opens on Monday with a maker space, a recording studio and {n} study rooms you can book for free. Go see it!',
  'Tried to bake bread without a recipe today. The result is technically bread. The dog seems happy about it, at least.',
];

const CITIES = ['Denver', 'Pittsburgh', 'Columbus', 'Sacramento', 'Baltimore', 'Minneapolis'];

/** Counts as shown on social sites: 948, 1,204 or 12.4K. */
function count(n: number): string {
  if (n >= 10_000) return `${(n / 1000).toFixed(1).replace(/\.0$/, '')}K`;
  return n.toLocaleString('en-US');
}

export function makeSocial(rng: Rng, index: number): SpecDraft {
  const p = person(rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES), rng.int(0, 3));
  const text = POSTS[(index * 3 + rng.int(0, 2)) % POSTS.length]!.replace(/\{(\w+)\}/g, (_, k: string) =>
    k === 'month' ? rng.pick(MONTHS) : k === 'city' ? rng.pick(CITIES) : String(rng.int(12, 58)),
  );
  const month = rng.pick(MONTHS).slice(0, 3);
  const stamp = `${clock(rng.int(6 * 60, 23 * 60))} · ${month} ${rng.int(1, 28)}, ${rng.int(2023, 2025)}`;
  const views = `${count(rng.int(900, 98000))} Views`;
  const counts: [number, string][] = [
    [rng.int(2, 900), 'Reposts'],
    [rng.int(0, 60), 'Quotes'],
    [rng.int(40, 40000), 'Likes'],
    [rng.int(0, 400), 'Bookmarks'],
  ];
  const countText = counts.map(([n, l]) => `${count(n)} ${l}`);
  const dark = index % 2 === 1;
  const phone = index >= 2;
  const bg = dark ? '#000000' : '#ffffff';
  const fg = dark ? '#e7e9ea' : '#0f1419';
  const muted = dark ? '#8b98a5' : '#536471';
  const line = dark ? '#2f3336' : '#eff3f4';
  const fontSize = phone ? 16 : rng.pick([17, 18]);
  const width = phone ? 390 : 1280;
  const height = phone ? 844 : 800;
  const status = statusBar(rng);
  const picture = rng.chance(0.5);
  const css = `
body { background: ${bg}; color: ${fg}; font-family: ${fontStack(rng.pick(SANS))}; font-size: ${fontSize}px; ${phone ? '' : 'display: flex; justify-content: center;'} }
${statusBarCss(fg)}
.post { ${phone ? 'padding: 14px 16px;' : `width: 600px; border-left: 1px solid ${line}; border-right: 1px solid ${line}; padding: 24px 18px; min-height: 800px;`} }
.author { display: flex; gap: 12px; align-items: center; margin-bottom: 14px; }
.avatar { width: 44px; height: 44px; border-radius: 50%; background: linear-gradient(135deg, #6aa7ff, #2ec4a6); }
.name { font-weight: bold; }
.badge { display: inline-block; width: 15px; height: 15px; border-radius: 50%; background: #1d9bf0; margin-left: 4px; vertical-align: -2px; }
.handle { color: ${muted}; }
.text { line-height: 1.4; margin-bottom: 14px; font-size: ${fontSize + 1}px; }
.pic { height: ${phone ? 190 : 300}px; border-radius: 16px; background: linear-gradient(160deg, #f6d365, #fda085 45%, #5b86e5); margin-bottom: 14px; }
.meta { color: ${muted}; padding-bottom: 14px; border-bottom: 1px solid ${line}; font-size: ${fontSize - 1}px; }
.counts { display: flex; flex-wrap: wrap; gap: 6px 18px; padding: 14px 0; border-bottom: 1px solid ${line}; }
.counts b { margin-right: 4px; }
.counts span { color: ${muted}; }
.icons { display: flex; justify-content: space-around; padding: 12px 0; }
.icons i { width: 20px; height: 20px; border: 2px solid ${muted}; border-radius: 5px; }`;
  const body = `${phone ? status.html : ''}<div class="post">
<div class="author"><div class="avatar"></div><div><div class="name">${esc(p.full)}${rng.chance(0.5) ? '<span class="badge"></span>' : ''}</div><div class="handle">@${esc(p.handle)}</div></div></div>
<div class="text">${esc(text)}</div>
${picture ? '<div class="pic"></div>' : ''}
<div class="meta">${esc(stamp)} · <b style="color:${fg}">${esc(views.split(' ')[0]!)}</b> Views</div>
<div class="counts">${counts.map(([n, l]) => `<div><b>${esc(count(n))}</b><span>${l}</span></div>`).join('')}</div>
<div class="icons"><i></i><i></i><i></i><i></i></div></div>`;
  const truth = [
    ...(phone ? [statusBarTruth(status)] : []),
    p.full,
    `@${p.handle}`,
    text,
    `${stamp} · ${views}`,
    countText.join(' '),
  ].join('\n');
  return {
    note: `${phone ? 'phone' : 'desktop'}, ${dark ? 'dark' : 'light'}, ${picture ? 'with' : 'no'} picture`,
    html: page({ width, height, css, body }),
    width,
    height,
    scale: phone ? 3 : 1,
    truth,
    hasText: true,
    degrade: degradeParams(rng, kindFor(index, ['png', 'jpeg', 'jpeg', 'png'])),
  };
}
