/**
 * The note of a page that is mostly code (an editor, a repository page, a snippet): its language, what it defines
 * (names with their parameters), what it does in words (its docstrings and comments), what it imports, and the
 * code itself in a fenced block.
 */
import type { SummaryDraft } from '@snapnotes/contracts';
import type { Block } from './blocks.js';
import { furnitureOf } from '../furniture.js';
import { KEY_POINT_MAX, joinAnd, shorten } from '../text.js';
import { describeCode } from './code.js';

/** "def charge(self, customer, amount):" → "charge(customer, amount)"; likewise function, fn, func, class. */
const DEFINITION_RES: RegExp[] = [
  /^\s*CREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|PROCEDURE)\s+([\w.]+)\s*\(([^)]*)\)?/i,
  /^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(([^)]*)\)?/,
  /^\s*class\s+([A-Za-z_$][\w$]*)\s*(?:\(([^)]*)\))?/,
  /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*(?:<[^>]*>)?\(([^)]*)\)?/,
  /^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s*)?\(([^)]*)\)?\s*(?::[^=]+)?=>/,
  /^\s*func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)\s*\(([^)]*)\)?/,
  /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?fn\s+([A-Za-z_]\w*)\s*(?:<[^>]*>)?\(([^)]*)\)?/,
  /^\s*(?:public|private|protected)\s+(?:static\s+)?(?:final\s+)?[\w<>[\],\s]+?\s+([A-Za-z_]\w*)\s*\(([^)]*)\)?/,
];
const IMPORT_RES: RegExp[] = [
  /^\s*from\s+([\w.]+)\s+import\b/,
  /^\s*import\s+([\w.]+(?:\s*,\s*[\w.]+)*)\s*$/,
  /^\s*import\s+(?:type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/,
  /^\s*import\s+['"]([^'"]+)['"]/,
  /\brequire\(\s*['"]([^'"]+)['"]\s*\)/,
  /^\s*use\s+([\w:]+)/,
  /^\s*import\s+(?:static\s+)?([\w.]+);/,
  /^\s*#include\s*[<"]([^>"]+)[>"]/,
];
/** A comment line, or a docstring's line. */
const COMMENT_RE = /^\s*(?:#(?!include|!)|\/\/+|\/\*+|\*(?!\/)|--)\s*(.*?)\s*(?:\*\/)?$/;
const DOCSTRING_RE = /^\s*(?:"""|''')\s*(.*?)\s*(?:"""|''')?\s*$/;

/**
 * A signature's parameter names: "self" left out, types and defaults dropped — "amount: Decimal = 0" (Python,
 * TypeScript, Rust), "path string" (Go: the name first), "String name" (Java, C: the name last).
 */
function parameters(raw: string | undefined, nameFirst: boolean): string {
  return (raw ?? '')
    .split(',')
    .map((p) =>
      p
        .trim()
        .replace(/\s*[:=].*$/, '')
        .replace(/^\*+|^&(?:mut\s+)?/, ''),
    )
    .map((p) => {
      const words = p.split(/\s+/).filter((w) => !/^(?:final|const|mut|in|out|ref)$/.test(w));
      return (nameFirst ? words[0] : words.at(-1))?.replace(/^[*&.]+|\[\]$/g, '') ?? '';
    })
    .filter((p) => p && p !== 'self' && p !== 'cls' && /^[A-Za-z_$][\w$]*$/.test(p))
    .join(', ');
}

export interface CodeFacts {
  language: string | null;
  lines: number;
  /** "charge(customer, amount)", "BillingService". */
  definitions: string[];
  imports: string[];
  /** Functions it calls that it does not define. */
  calls: string[];
  /** The first lines of its docstrings and comments, in words. */
  comments: string[];
}

export function codeFacts(lines: readonly string[]): CodeFacts {
  const info = describeCode([...lines]);
  const definitions: string[] = [];
  const imports = new Set<string>();
  const comments: string[] = [];
  for (const line of lines) {
    for (const re of DEFINITION_RES) {
      const m = re.exec(line);
      if (!m?.[1] || m[1].startsWith('_')) continue;
      const isClass = /^\s*class\b/.test(line);
      definitions.push(isClass ? m[1] : `${m[1]}(${parameters(m[2], /^\s*(?:func\b|CREATE\b)/i.test(line))})`);
      break;
    }
    for (const re of IMPORT_RES) {
      const m = re.exec(line);
      if (m?.[1]) for (const name of m[1].split(/\s*,\s*/)) imports.add(name);
    }
    const c = COMMENT_RE.exec(line) ?? DOCSTRING_RE.exec(line);
    const words = c?.[1]?.trim();
    if (words && /\p{L}{3,}\s+\p{L}{2,}/u.test(words) && !/^[-=*#\s]+$/.test(words)) comments.push(words);
  }
  // Names it defines that no signature above caught ("const onResize = debounce(…)").
  const named = new Set(definitions.map((d) => d.replace(/\(.*$/, '')));
  for (const name of info.names) if (!named.has(name)) definitions.push(name);
  return {
    language: info.language,
    lines: lines.filter((l) => l.trim()).length,
    calls: info.calls,
    definitions: [...new Set(definitions)],
    imports: [...imports],
    comments,
  };
}

const FENCE_LANG: Record<string, string> = {
  Python: 'python',
  TypeScript: 'ts',
  JavaScript: 'js',
  Go: 'go',
  Java: 'java',
  'C/C++': 'cpp',
  SQL: 'sql',
  Rust: 'rust',
};

/** An editor's tab above the code ("invoice_report.py"): the note's title names the file, the code block does not. */
function withoutFileTab(lines: string[]): string[] {
  const first = lines.findIndex((l) => l.trim());
  if (first < 0 || !/^[\w.-]+\.[A-Za-z]{1,5}$/.test(lines[first]!.trim())) return lines;
  const rest = lines.slice(first + 1);
  while (rest.length && !rest[0]!.trim()) rest.shift();
  return rest;
}

/** The lines without the indentation they all share (the editor's margin, once its tab is gone). */
function dedent(lines: string[]): string[] {
  const indents = lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length);
  const common = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(Math.min(common, l.length - l.trimStart().length)));
}

/** The note of a page of code (`title` from codeTitle: the file's name and what it defines). */
export function codeSummary(blocks: Block[], title: string, engine: string): SummaryDraft {
  const code = dedent(withoutFileTab(blocks.flatMap((b) => (b.type === 'code' ? b.lines : []))));
  const facts = codeFacts(code);
  const what = facts.language ? `${facts.language} code` : 'Code';
  const keyPoints = [`${what}, ${facts.lines} line${facts.lines === 1 ? '' : 's'}`];
  if (facts.definitions.length) keyPoints.push(shorten(`Defines ${joinAnd(facts.definitions)}`, KEY_POINT_MAX));
  // What it does, in words: the page's own sentences about it, then its docstrings and comments.
  const prose = blocks
    .filter((b): b is Extract<Block, { type: 'paragraph' }> => b.type === 'paragraph')
    .map((b) => b.text)
    // Sentences about the code, not an editor's menus or a breadcrumb.
    .filter((t) => t.split(/\s+/).length >= 6 && !furnitureOf(t) && /\p{Ll}{3}/u.test(t) && !/\s[>›/]\s/.test(t));
  const words = [...prose, ...facts.comments.map((c) => c.replace(/^\p{Ll}/u, (x) => x.toUpperCase()))];
  for (const w of words.slice(0, 2)) keyPoints.push(shorten(w, KEY_POINT_MAX));
  if (facts.imports.length) keyPoints.push(shorten(`Imports ${joinAnd(facts.imports)}`, KEY_POINT_MAX));
  else if (facts.calls.length) keyPoints.push(shorten(`Calls ${joinAnd(facts.calls)}`, KEY_POINT_MAX));
  const intro = `${what}${facts.definitions.length ? ` defining ${joinAnd(facts.definitions.slice(0, 6))}` : ''}.`;
  const fence = '```';
  const detailedSummary = [
    intro,
    ...prose.slice(0, 2),
    `${fence}${FENCE_LANG[facts.language ?? ''] ?? ''}\n${code.join('\n')}\n${fence}`,
  ].join('\n\n');
  return { title, keyPoints, detailedSummary, engine };
}
