/**
 * Code: what a code block is and defines (for a one-line description instead of the code itself), and the file
 * a code editor or a repository page shows (its tab bar, breadcrumb or path), which names the note.
 */
import type { PageBlock } from '@snapnotes/contracts';
import type { Block } from './blocks.js';
import { fileNamesIn } from '../furniture.js';
import { TITLE_MAX, joinAnd, shorten } from '../text.js';

export interface CodeInfo {
  language: string | null;
  lines: number;
  /** Functions, classes and tables the code defines. */
  names: string[];
  /** Functions it calls that it does not define. */
  calls: string[];
}

// prettier-ignore
const NOT_CALLS = new Set([
  'if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'typeof', 'new', 'await', 'async', 'def', 'fn',
  'func', 'print', 'import', 'super', 'this', 'constructor', 'elif', 'with', 'in', 'not', 'and', 'or', 'VALUES', 'INTO',
]);

/** Guesses what a code block is and what it defines, for a one-line description. */
export function describeCode(lines: string[]): CodeInfo {
  const src = lines.join('\n');
  let language: string | null = null;
  if (
    /^\s*(?:def |from \S+ import|import \w+$|elif |print\()/m.test(src) ||
    (/:\s*$/m.test(src) && /^\s+\S/m.test(src) && !/[{};]\s*$/m.test(src))
  ) {
    language = 'Python';
  } else if (/\b(?:interface|type)\s+\w+\s*[={]|:\s*(?:string|number|boolean)\b|<\w+(?:\[\])?>\(/.test(src))
    language = 'TypeScript';
  else if (/^\s*package\s+\w+\s*$|\bfunc\s+\w+\s*\(|:=/m.test(src)) language = 'Go';
  else if (/\b(?:const|let|var|function)\b|=>|console\.|document\.|window\./.test(src)) language = 'JavaScript';
  else if (/\bpublic\s+(?:static\s+)?(?:class|void)\b|System\.out/.test(src)) language = 'Java';
  else if (/#include\s*[<"]/.test(src)) language = 'C/C++';
  else if (/^\s*(?:SELECT|INSERT|UPDATE|DELETE|CREATE)\b/im.test(src)) language = 'SQL';
  else if (/\bfn\s+\w+\s*\(|\blet\s+mut\b/.test(src)) language = 'Rust';
  const names = new Set<string>();
  const patterns = [
    /\b(?:function|def|fn|func|class|interface)\s+([A-Za-z_$][\w$]*)/g,
    /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?(?:\(|function|[A-Za-z_$][\w$]*\s*\()/g,
    /^\s*(?:public|private|protected)\s+(?:static\s+)?[\w<>[\]]+\s+([A-Za-z_]\w*)\s*\(/gm,
    /\bCREATE\s+TABLE\s+([A-Za-z_]\w*)/gi,
  ];
  for (const re of patterns)
    for (const m of src.matchAll(re)) if (m[1] && !m[1].startsWith('_') && /[A-Za-z]{2}/.test(m[1])) names.add(m[1]);
  const calls = new Set<string>();
  for (const m of src.matchAll(/([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\(/g)) {
    const name = m[1]!;
    const last = name.split('.').pop()!;
    if (
      !names.has(last) &&
      !NOT_CALLS.has(last) &&
      !last.startsWith('__') &&
      !/^(?:function|def|fn|func|class)\s+$/.test(src.slice(Math.max(0, m.index! - 9), m.index))
    ) {
      calls.add(name);
    }
  }
  return {
    language,
    lines: lines.filter((l) => l.trim()).length,
    names: [...names].slice(0, 4),
    calls: [...calls].slice(0, 4),
  };
}

/** "Python code (9 lines) defining BillingService and charge." */
export function codeSentence(info: CodeInfo): string {
  const what = info.language ? `${info.language} code` : 'Code';
  const defines = info.names.length ? ` defining ${joinAnd(info.names)}` : '';
  return `${what} (${info.lines} line${info.lines === 1 ? '' : 's'})${defines}.`;
}

/**
 * The file a code editor or a repository page shows: the last file of a breadcrumb or path
 * ("src > billing > billing_service.py > BillingService", "main / cmd / api / server.go"), else the first tab of the
 * tab bar (the open one comes first in what OCR reads), else a file named alone on a line above the code.
 */
export function editorFile(blocks: Block[]): string | null {
  const lines = blocks
    .slice(0, Math.max(1, blocks.findIndex((b) => b.type === 'code') + 1))
    .filter((b): b is Extract<Block, { type: 'furniture' | 'heading' | 'paragraph' }> => 'text' in b)
    .map((b) => b.text);
  for (const line of lines) {
    if (/\s[>›/]\s/.test(line)) {
      // OCR often reads a file name's underscore as a space: "billing service.py" in a breadcrumb's segment.
      const segments = line.split(/\s+[>›/]\s+/).map((s) => s.trim());
      const file = segments.reverse().find((s) => fileNamesIn(s).length === 1 && fileNamesIn(s)[0] !== s);
      const exact = [...fileNamesIn(line)].pop();
      if (file && /^[a-z0-9]+(?: [a-z0-9]+)*\s[\w-]+\.\w+$/.test(file)) return file.replace(/\s+/g, '_');
      if (exact) return exact;
    }
  }
  for (const line of lines) {
    const files = fileNamesIn(line);
    if (files.length >= 2 || (files.length === 1 && line.replace(files[0]!, '').replace(/[\s×xM●•]/g, '') === ''))
      return files[0]!;
  }
  return null;
}

/** Lines of code against words of prose: whether the page is mostly code. */
export function mostlyCode(blocks: Block[], proseWords: number): boolean {
  const codeLines = blocks.reduce((n, b) => n + (b.type === 'code' ? b.lines.length : 0), 0);
  return codeLines > 0 && codeLines * 6 >= proseWords;
}

/** The title of a page that is mostly code: the file's name and what it defines, or the language and names. */
export function codeTitle(blocks: Block[], proseWords: number): string | null {
  if (!mostlyCode(blocks, proseWords)) return null;
  const code = blocks.filter((b): b is Extract<Block, { type: 'code' }> => b.type === 'code');
  const info = describeCode(code.flatMap((b) => b.lines));
  const file = editorFile(blocks);
  if (file) return shorten(info.names.length ? `${file}: ${info.names.join(', ')}` : file, TITLE_MAX);
  const what = info.language ? `${info.language} code` : 'Code snippet';
  return shorten(info.names.length ? `${what}: ${info.names.join(', ')}` : what, TITLE_MAX);
}

/** A page of code as OCR handed it over: at least three code lines making half its blocks. */
export function codePage(structure: readonly PageBlock[] | undefined): boolean {
  const lines = structure?.filter((b) => b.kind === 'code-line').length ?? 0;
  return structure !== undefined && lines >= 3 && lines * 2 >= structure.length;
}
