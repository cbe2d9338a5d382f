/** low-contrast: a settings page in light grey on white and grey on grey (contrast 2.5–4:1), with toggles. */
import { contrastRatio, esc, fontStack, greyForContrast, page, SANS } from '../html.js';
import { degradeParams, kindFor } from '../profiles.js';
import type { Rng } from '../rng.js';
import type { SpecDraft } from '../types.js';

const SECTIONS: { title: string; items: [string, string][] }[] = [
  {
    title: 'Notifications',
    items: [
      ['Email digest', 'A summary of new notes and comments, sent every morning at 8:00'],
      ['Push notifications', 'Alerts on this device when someone shares a notebook with you'],
      ['Mentions only', 'Only notify me when my name is mentioned in a comment'],
      ['Weekly report', 'How many notes you created and reviewed in the last 7 days'],
    ],
  },
  {
    title: 'Privacy',
    items: [
      ['Show online status', 'Let collaborators see when you are active'],
      ['Read receipts', 'Tell others when you have opened a shared note'],
      ['Usage analytics', 'Send anonymous crash reports and usage statistics'],
      ['Public profile', 'Allow people outside your team to find you by email'],
    ],
  },
  {
    title: 'Appearance',
    items: [
      ['Compact mode', 'Show more notes on screen by reducing the spacing'],
      ['Reduce motion', 'Turn off animations when opening and closing panels'],
      ['Larger text', 'Increase the size of text in notes by 20 percent'],
      ['Show word count', 'Display the number of words at the bottom of each note'],
    ],
  },
  {
    title: 'Sync and storage',
    items: [
      ['Sync over cellular', 'Use mobile data when Wi-Fi is not available'],
      ['Back up attachments', 'Keep a copy of images and PDFs in the cloud'],
      ['Offline notebooks', 'Download 3 notebooks for reading without a connection'],
      ['Empty trash automatically', 'Delete notes in the trash after 30 days'],
    ],
  },
];

const TITLES = ['Settings', 'Preferences', 'Account settings', 'Notification settings'];

export function makeLowContrast(rng: Rng, index: number): SpecDraft {
  const greyOnGrey = index % 2 === 1;
  const pageBg = greyOnGrey ? '#f1f1f1' : '#ffffff';
  const cardBg = greyOnGrey ? rng.pick(['#e2e2e2', '#dcdcdc', '#e6e6e6']) : '#ffffff';
  const rTitle = rng.range(3.4, 4);
  const rLabel = rng.range(3, 3.8);
  const rDesc = rng.range(2.5, 3.1);
  const cTitle = greyForContrast(pageBg, rTitle);
  const cSection = greyForContrast(pageBg, rng.range(2.6, 3.4));
  const cLabel = greyForContrast(cardBg, rLabel);
  const cDesc = greyForContrast(cardBg, rDesc);
  const sections = rng.sample(SECTIONS, 2).map((s) => ({ title: s.title, items: rng.sample(s.items, 3) }));
  const title = rng.pick(TITLES);
  const font = rng.pick(SANS);
  const fontSize = rng.pick([14, 15, 16]);
  const width = 1280;
  const height = 800;
  const toggle = (on: boolean) => `<div class="tg${on ? ' on' : ''}"><i></i></div>`;
  const css = `
body { background: ${pageBg}; font-family: ${fontStack(font)}; font-size: ${fontSize}px; display: flex; justify-content: center; padding-top: 40px; }
.panel { width: 780px; }
h1 { color: ${cTitle}; font-size: 26px; font-weight: normal; margin: 0 0 22px; }
h2 { color: ${cSection}; font-size: ${fontSize - 1}px; text-transform: none; letter-spacing: 0.5px; margin: 24px 0 10px; font-weight: bold; }
.card { background: ${cardBg}; border: 1px solid ${greyOnGrey ? cardBg : '#ececec'}; border-radius: 10px; }
.item { display: flex; align-items: center; justify-content: space-between; padding: 14px 20px; border-top: 1px solid ${greyOnGrey ? '#d2d2d2' : '#f0f0f0'}; }
.item:first-child { border-top: none; }
.label { color: ${cLabel}; margin-bottom: 4px; }
.desc { color: ${cDesc}; font-size: ${fontSize - 2}px; }
.tg { width: 44px; height: 24px; border-radius: 12px; background: #d9d9d9; position: relative; flex: none; margin-left: 30px; }
.tg i { position: absolute; top: 3px; left: 3px; width: 18px; height: 18px; border-radius: 50%; background: #ffffff; }
.tg.on { background: #9cc3f5; }
.tg.on i { left: 23px; }`;
  const body = `<div class="panel"><h1>${esc(title)}</h1>
${sections
  .map(
    (s) =>
      `<h2>${esc(s.title)}</h2><div class="card">${s.items
        .map(
          ([l, d]) =>
            `<div class="item"><div><div class="label">${esc(l)}</div><div class="desc">${esc(d)}</div></div>${toggle(rng.chance(0.5))}</div>`,
        )
        .join('')}</div>`,
  )
  .join('\n')}</div>`;
  const truth = [title, ...sections.flatMap((s) => [s.title, ...s.items.flatMap(([l, d]) => [l, d])])].join('\n');
  const ratios = [contrastRatio(cTitle, pageBg), contrastRatio(cLabel, cardBg), contrastRatio(cDesc, cardBg)];
  return {
    note: `${greyOnGrey ? 'grey on grey' : 'grey on white'}, contrast ${ratios.map((r) => r.toFixed(1)).join(' / ')}:1`,
    html: page({ width, height, css, body }),
    width,
    height,
    scale: 1,
    truth,
    hasText: true,
    degrade: degradeParams(rng, kindFor(index, ['png', 'png', 'jpeg', 'jpeg'])),
  };
}
