/** lang-fra, lang-deu, lang-spa, lang-ita, lang-por, lang-nld: prose pages rich in each language's diacritics. */
import { LANGUAGES, type LanguageProse } from '../content/languages.js';
import { esc, fontStack, page, SANS, SERIF } from '../html.js';
import { degradeParams } from '../profiles.js';
import type { Rng } from '../rng.js';
import type { SpecDraft } from '../types.js';
import { statusBar, statusBarCss, statusBarTruth } from './phone-chrome.js';

export function languageOf(code: string): LanguageProse {
  const lang = LANGUAGES.find((l) => l.code === code);
  if (!lang) throw new Error(`no prose for language ${code}`);
  return lang;
}

/** Three page styles in turn: a blog page (screenshot), a printed page (photo), an e-reader on a phone. */
export function makeLanguagePage(rng: Rng, index: number, code: string): SpecDraft {
  const lang = languageOf(code);
  const title = lang.titles[index % lang.titles.length]!;
  const meta = `${lang.published(rng.int(1, 28), rng.pick(lang.months), rng.int(2022, 2025))} · ${lang.readTime(rng.int(3, 8))}`;
  const style = index % 3;
  const sentences = rng
    .shuffle(lang.sentences)
    .slice(0, style === 2 ? 7 : style === 1 ? rng.int(11, 13) : rng.int(9, 11));
  const paras: string[] = [];
  for (let i = 0; i < sentences.length;) {
    const n = rng.int(2, 3);
    paras.push(sentences.slice(i, i + n).join(' '));
    i += n;
  }
  const truthLines = [title, meta, ...paras];
  let width = 1280;
  let height = 800;
  let scale = 1;
  let css: string;
  let body: string;
  const text = paras.map((p) => `<p>${esc(p)}</p>`).join('');
  if (style === 0) {
    const font = rng.pick([...SANS, ...SERIF]);
    css = `
body { background: #ffffff; color: #222222; font-family: ${fontStack(font)}; }
.top { height: 56px; border-bottom: 1px solid #e5e5e5; display: flex; align-items: center; gap: 12px; padding: 0 40px; }
.top i { width: 28px; height: 28px; border-radius: 50%; background: #e76f51; } .top b { display: block; width: 90px; height: 10px; background: #e5e5e5; border-radius: 5px; }
.art { width: 760px; margin: 34px auto 0; }
h1 { font-size: 34px; margin: 0 0 10px; } .meta { color: #6b6b6b; font-size: 14px; margin-bottom: 22px; }
p { font-size: 18px; line-height: 1.6; margin: 0 0 16px; }`;
    body = `<div class="top"><i></i><b></b></div><div class="art"><h1>${esc(title)}</h1><div class="meta">${esc(meta)}</div>${text}</div>`;
  } else if (style === 1) {
    width = 800;
    height = 1100;
    css = `
body { background: #f4f0e6; color: #1e1e1e; font-family: ${fontStack(rng.pick(SERIF))}; padding: 70px 80px; }
h1 { font-size: 30px; margin: 0 0 8px; } .meta { font-style: italic; color: #555555; font-size: 16px; margin-bottom: 26px; }
p { font-size: 20px; line-height: 1.55; margin: 0 0 14px; text-align: left; }`;
    body = `<h1>${esc(title)}</h1><div class="meta">${esc(meta)}</div>${text}`;
  } else {
    width = 390;
    height = 844;
    scale = 2;
    const status = statusBar(rng);
    truthLines.unshift(statusBarTruth(status));
    css = `
body { background: #fbf8f1; color: #2a2a2a; font-family: ${fontStack(rng.pick(SERIF))}; }
${statusBarCss('#2a2a2a')}
.book { padding: 10px 24px; } h1 { font-size: 24px; margin: 0 0 6px; } .meta { color: #777777; font-size: 13px; margin-bottom: 16px; }
p { font-size: 17px; line-height: 1.5; margin: 0 0 12px; }`;
    body = `${status.html}<div class="book"><h1>${esc(title)}</h1><div class="meta">${esc(meta)}</div>${text}</div>`;
  }
  return {
    note: `${['blog page', 'printed page (photo)', 'e-reader on a phone'][style]}, ${paras.length} paragraphs`,
    html: page({ width, height, css, body, lang: lang.html }),
    width,
    height,
    scale,
    truth: truthLines.join('\n'),
    hasText: true,
    degrade: degradeParams(rng, style === 1 ? 'photo' : style === 0 ? (index % 2 ? 'jpeg' : 'png') : 'jpeg', {
      background: [62, 56, 50],
    }),
  };
}
