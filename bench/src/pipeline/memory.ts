/**
 * Resident memory of the product's processes for `pnpm bench`: a process and all its descendants (embedded
 * Postgres, the Auth emulator, the PP-OCRv4 host), read from /proc.
 */
import { readFileSync } from 'node:fs';

export interface Memory {
  /** The product's own node processes (the embedded start, or the five services). */
  self: number;
  /** With the PP-OCRv4 host processes they started (services/ocr/src/paddle/host.ts). */
  node: number;
  /** Everything below them: Postgres, the Auth emulator… */
  tree: number;
}

const rssMbOf = (pid: number): number => {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

const childrenOf = (pid: number): number[] => {
  try {
    const list = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return list ? list.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
};

const isPaddleHost = (pid: number): boolean => {
  try {
    return /paddle[-/]host/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return false;
  }
};

/** The memory of `pids` (the product's processes) and their descendants, in MB. */
export function memoryOf(pids: readonly number[]): Memory {
  const total: Memory = { self: 0, node: 0, tree: 0 };
  for (const pid of pids) {
    const own = rssMbOf(pid);
    total.self += own;
    total.node += own;
    const stack = childrenOf(pid);
    total.tree += own;
    while (stack.length) {
      const p = stack.pop()!;
      const mb = rssMbOf(p);
      total.tree += mb;
      if (isPaddleHost(p)) total.node += mb;
      stack.push(...childrenOf(p));
    }
  }
  return total;
}

export const describeMemory = (m: Memory): string =>
  `${m.self.toFixed(0)} MB node` +
  (m.node - m.self >= 1 ? ` + ${(m.node - m.self).toFixed(0)} MB PP-OCRv4 host` : '') +
  ` / ${m.tree.toFixed(0)} MB with what they started`;
