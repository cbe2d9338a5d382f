/** code-light, code-dark: a code editor with a tab bar, a gutter of line numbers and highlighted code. */
import { CODE_THEMES, type CodeTheme } from './code-themes.js';
import { ENTITIES, KEYWORDS, TEMPLATES, type CodeLanguage } from '../content/code-samples.js';
import { esc, fontStack, MONO, page } from '../html.js';
import { degradeParams, kindFor } from '../profiles.js';
import type { Rng } from '../rng.js';
import type { SpecDraft } from '../types.js';

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** Fills a template's placeholders ({Entity}, {field}, …); other braces (f-strings, blocks) are left alone. */
export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);
}

const TOKEN =
  /(\/\/.*|\/\*.*|--.*|#(?!\[).*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`|\b\d+(?:\.\d+)?\b|[A-Za-z_][A-Za-z0-9_]*|\s+|.)/g;

/** Syntax colouring of one line: comments, strings, numbers, keywords, function names, types. */
export function highlight(line: string, language: CodeLanguage, theme: CodeTheme): string {
  const keywords = new Set(KEYWORDS[language]);
  const commentStarts = language === 'python' ? ['#'] : language === 'sql' ? ['--'] : ['//'];
  let html = '';
  const tokens = line.match(TOKEN) ?? [];
  tokens.forEach((tok, i) => {
    let colour: string | null = null;
    if (commentStarts.some((c) => tok.startsWith(c)) || tok.startsWith('/*')) colour = theme.comment;
    else if (/^["'`]/.test(tok)) colour = theme.string;
    else if (/^\d/.test(tok)) colour = theme.number;
    else if (/^[A-Za-z_]/.test(tok)) {
      const next = tokens.slice(i + 1).find((t) => !/^\s+$/.test(t));
      if (keywords.has(tok)) colour = theme.keyword;
      else if (next === '(') colour = theme.fn;
      else if (/^[A-Z][a-z]/.test(tok)) colour = theme.type;
    }
    html += colour ? `<span style="color:${colour}">${esc(tok)}</span>` : esc(tok);
  });
  return html;
}

export function makeCode(rng: Rng, index: number, dark: boolean): SpecDraft {
  const themes = CODE_THEMES.filter((t) => t.dark === dark);
  const theme = themes[index % themes.length]!;
  const template = TEMPLATES[(index + (dark ? 3 : 0)) % TEMPLATES.length]!;
  const e = rng.pick(ENTITIES);
  const values: Record<string, string> = {
    ...e,
    Field: cap(e.field),
    Label: cap(e.label),
    n1: String(rng.pick([10, 20, 25, 50, 100, 250])),
    n2: String(rng.pick([5, 12, 200, 500])),
  };
  const file = fillTemplate(template.file, values);
  const code = fillTemplate(template.code, values);
  const codeLines = code.split('\n');
  const fontSize = rng.pick([13, 14, 15]);
  const font = rng.pick(MONO);
  const lineHeight = Math.round(fontSize * rng.pick([1.45, 1.55]));
  const width = 1280;
  const height = 800;
  const gutter = codeLines.map((_, i) => `<div>${i + 1}</div>`).join('');
  const body = codeLines.map((l) => `<div class="ln">${highlight(l, template.language, theme) || ' '}</div>`).join('');
  const css = `
body { background: ${theme.bg}; color: ${theme.text}; font-family: ${fontStack(font)}; display: flex; }
.rail { width: 48px; background: ${theme.rail}; display: flex; flex-direction: column; align-items: center; gap: 18px; padding-top: 14px; }
.rail i { display: block; width: 22px; height: 22px; border: 2px solid ${theme.railIcon}; border-radius: 5px; }
.rail i:first-child { border-color: ${theme.text}; }
.main { flex: 1; display: flex; flex-direction: column; }
.tabs { height: 36px; background: ${theme.tabBar}; display: flex; }
.tab { background: ${theme.bg}; color: ${theme.text}; font-family: ${fontStack("'DejaVu Sans'")}; font-size: 13px;
  padding: 0 22px; display: flex; align-items: center; border-top: 2px solid ${theme.accent}; }
.editor { display: flex; padding-top: 10px; font-size: ${fontSize}px; line-height: ${lineHeight}px; }
.gutter { width: 64px; text-align: right; padding-right: 18px; color: ${theme.gutter}; }
.code { white-space: pre; tab-size: 4; }
.ln { min-height: ${lineHeight}px; }`;
  const html = page({
    width,
    height,
    css,
    body: `<div class="rail"><i></i><i></i><i></i><i></i></div>
<div class="main"><div class="tabs"><div class="tab">${esc(file)}</div></div>
<div class="editor"><div class="gutter">${gutter}</div><div class="code">${body}</div></div></div>`,
  });
  return {
    note: `${template.language}, ${theme.name}, ${fontSize}px ${font.replace(/'/g, '')}`,
    html,
    width,
    height,
    scale: 1,
    truth: `${file}\n${code}`,
    hasText: true,
    degrade: degradeParams(rng, kindFor(index, ['png', 'jpeg', 'photo', 'jpeg'])),
  };
}
