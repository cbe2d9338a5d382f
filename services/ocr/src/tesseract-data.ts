/**
 * Where tesseract's language data comes from (DESIGN §4): the `@tesseract.js-data/<lang>` npm packages (their
 * LSTM-only `4.0.0_best_int` models), or a folder of plain `.traineddata` files (Debian's tessdata in the
 * containers). Every file is found before a worker starts, and checked before a worker first loads it.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/** The npm data folder with LSTM-only models (the default `4.0.0` folder carries the legacy engine too). */
const NPM_DATA_FOLDER = '4.0.0_best_int';

export interface LanguageData {
  langPath: string;
  gzip: boolean;
  /** Each language's file, checked (checkTraineddata) the first time a worker loads it. */
  files: Map<string, string>;
  /** Temporary folder to remove on close. */
  tempDir?: string;
}

/** Every `@tesseract.js-data/<lang>` package visible from this module, the way Node resolves packages. */
function npmLanguagesAvailable(): string[] {
  const found = new Set<string>();
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const scope = path.join(dir, 'node_modules', '@tesseract.js-data');
    if (existsSync(scope)) for (const name of readdirSync(scope)) found.add(name);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return [...found].sort();
}

function npmLanguageFile(lang: string): string | null {
  try {
    const require = createRequire(import.meta.url);
    const pkg = path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    const file = path.join(pkg, NPM_DATA_FOLDER, `${lang}.traineddata.gz`);
    return existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/** Index of the LSTM model in a .traineddata file's table of contents (tesseract's TESSDATA_LSTM). */
const TESSDATA_LSTM = 17;
const TESSDATA_MAX_ENTRIES = 64;

/**
 * Checks a .traineddata file's table of contents (int32 entry count, then int64 offsets, -1 for absent parts)
 * and that it holds an LSTM model. tesseract.js cannot survive bad data: a failed initialisation answers both
 * "reject" and "resolve", and the second answer throws an uncaught TypeError in the main thread.
 */
export function checkTraineddata(file: string, gzip: boolean): void {
  const bytes = gzip ? gunzipSync(readFileSync(file)) : readFileSync(file);
  const fail = (why: string) => {
    throw new Error(`OCR language data ${file} is not a usable .traineddata file: ${why}`);
  };
  if (bytes.length < 4) fail('too short');
  const entries = bytes.readInt32LE(0);
  if (entries <= TESSDATA_LSTM || entries > TESSDATA_MAX_ENTRIES || bytes.length < 4 + 8 * entries) {
    fail(`bad table of contents (${entries} entries)`);
  }
  let last = 4 + 8 * entries - 1;
  for (let i = 0; i < entries; i++) {
    const offset = Number(bytes.readBigInt64LE(4 + 8 * i));
    if (offset === -1) continue;
    if (offset <= last || offset >= bytes.length) fail(`entry ${i} has an impossible offset`);
    last = offset;
  }
  if (Number(bytes.readBigInt64LE(4 + 8 * TESSDATA_LSTM)) === -1) fail('it has no LSTM model (legacy-only data)');
}

/**
 * Checks every language's file exists before any worker starts (a missing file makes createWorker hang). Whether a
 * file is sound (a bad one crashes the process) is checked when a worker first needs it: languages are loaded
 * lazily, so seven languages cost nothing until a page in one of them arrives.
 */
export async function resolveLanguageData(languages: string[], tessdataDir: string | undefined): Promise<LanguageData> {
  if (tessdataDir !== undefined) {
    if (!existsSync(tessdataDir) || !statSync(tessdataDir).isDirectory()) {
      throw new Error(`OCR tessdata folder not found: ${tessdataDir}`);
    }
    const available = readdirSync(tessdataDir)
      .filter((f) => f.endsWith('.traineddata'))
      .map((f) => f.slice(0, -'.traineddata'.length))
      .sort();
    for (const lang of languages) {
      if (!available.includes(lang)) {
        throw new Error(
          `No OCR language data for "${lang}" in ${tessdataDir} (expected ${lang}.traineddata); available: ${available.join(', ') || '(none)'}`,
        );
      }
    }
    const files = new Map(languages.map((lang) => [lang, path.join(tessdataDir, `${lang}.traineddata`)]));
    return { langPath: tessdataDir, gzip: false, files };
  }
  const files = new Map<string, string>();
  for (const lang of languages) {
    const file = npmLanguageFile(lang);
    if (!file) {
      throw new Error(
        `No OCR language data for "${lang}": install @tesseract.js-data/${lang} or set a tessdata folder; available: ${npmLanguagesAvailable().join(', ') || '(none)'}`,
      );
    }
    files.set(lang, file);
  }
  // tesseract.js reads every language of a request from one folder: link the packages' files into a temp folder.
  const tempDir = await mkdtemp(path.join(tmpdir(), 'snapnotes-tessdata-'));
  for (const [lang, file] of files) await symlink(file, path.join(tempDir, `${lang}.traineddata.gz`));
  return { langPath: tempDir, gzip: true, tempDir, files };
}
