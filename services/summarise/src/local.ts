/**
 * The local summariser: no key, no network, no model download. Extractive: it ranks the sentences and list items
 * of the cleaned OCR text and builds a title, key points and a shorter detailed summary from them. Each kind of
 * text has its part in ./local/: prose (articles, docs, slides, recipes…), chat, code, receipt, title; page
 * furniture (../furniture.ts) never becomes a key point, and title words are checked against OCR misreads
 * (./local/words.ts).
 */
import type {
  DescribeRequest,
  Logger,
  PageBlock,
  SummariseRequest,
  Summariser,
  SummaryDraft,
} from '@snapnotes/contracts';
import { describeImagesLocally } from './describe.js';
import { detectLanguage } from './language.js';
import { type Analyser, englishAnalyser, genericAnalyser, isMostlyLatin, loadWink } from './local/analyser.js';
import { chatFromStructure, chatSummary, chatTitle, findChat } from './local/chat.js';
import { type Block, pageBlocks } from './local/blocks.js';
import { buildDetailed, buildUnits, proseWords } from './local/prose.js';
import { codePage, codeTitle, editorFile, mostlyCode } from './local/code.js';
import { codeSummary } from './local/code-note.js';
import { fieldLine, findForm, formSummary, pageFields, pointFields } from './local/form.js';
import { combineDrafts, joinScrolls } from './local/pages.js';
import { findTable } from './local/table.js';
import { captionAbove, tableSummary, tableTitle } from './local/table-note.js';
import { findReceipt, receiptSummary, receiptTitle } from './local/receipt.js';
import { type Row, rowsOfBlocks, rowsOfText } from './local/rows.js';
import { buildTitle } from './local/title.js';
import { type Unit, byScore, pickKeyPoints, scoreUnits, termWeights } from './local/units.js';
import { type Dictionary, checkTitle, loadDictionary, wordCounts } from './local/words.js';
import { KEY_POINT_MAX, MAX_KEY_POINTS, normaliseDraft, shorten } from './text.js';

export { describeCode } from './local/code.js';

export const LOCAL_ENGINE = 'local';

/** OCR confidence from which a merchant's name is kept as read, not checked against the word list. */
const TRUSTED_NAME = 85;

interface Page {
  blocks: Block[];
  /** The page's structure as OCR handed it over, when it did. */
  structure: PageBlock[] | undefined;
  /** The page as rows: from OCR's structure when it came with one, else from its text (local/rows.ts). */
  rows: Row[];
  text: string;
  heading: string | undefined;
}

/** Summarises the cleaned pages of one upload. */
function summarisePages(
  pages: Page[],
  analyser: Analyser,
  dictionary: Dictionary | null,
  language: string | null,
): SummaryDraft {
  const blocks = pages.flatMap((p) => p.blocks);
  const first = pages[0]!;
  const words = { dictionary, counts: wordCounts(pages.map((p) => p.text).join('\n')) };
  // A receipt first: its "Cashier: USER" and "Time: 16:15" rows look like a chat's sender and time.
  const receipt = findReceipt(pages.flatMap((p) => p.rows));
  const structured = receipt || !first.structure ? null : chatFromStructure(first.structure);
  // A form's times ("Check-in: … from 15:00") end its lines as a chat bubble's do: a form is not read as a chat.
  const form = receipt || structured || pages.length > 1 ? null : findForm(first.text, first.structure, first.heading);
  const chat = receipt || form ? null : (structured ?? findChat(blocks));
  if (chat) {
    const raw = chatTitle(chat, analyser, language);
    // Names OCR read as senders are names, not dictionary words: only the topic after them is checked.
    const [who, ...topic] = raw.split(': ');
    const title =
      (structured
        ? [who, ...(topic.length ? [checkTitle(topic.join(': '), words)] : [])].filter(Boolean).join(': ')
        : checkTitle(raw, words)) || 'Chat';
    return chatSummary(chat, analyser, title, LOCAL_ENGINE);
  }
  // A merchant's name read with confidence stays as printed (a name, not dictionary words); else its misread words
  // are corrected ("PHARMACV"), and the words the list does not know are kept ("LAWSON"): a name is no sentence.
  if (receipt?.merchant && !((receipt.merchantConfidence ?? 0) >= TRUSTED_NAME)) {
    receipt.merchant = receipt.merchant
      .split(' ')
      .map((w) => checkTitle(w, words) ?? w)
      .join(' ');
  }
  const units = buildUnits(blocks, analyser, language);
  const weights = termWeights(units);
  scoreUnits(units, weights);
  if (receipt?.merchant) return receiptSummary(receipt, receiptTitle(receipt.merchant), LOCAL_ENGINE);
  if (!receipt && pages.length === 1) {
    if (form) return formSummary(form, LOCAL_ENGINE);
    // A table: its rows of cells as OCR handed them over (or a label and the figures ending each line of text).
    const table = findTable(first.rows);
    if (table) {
      const caption = first.heading ?? captionAbove(first.rows, table);
      const note = tableSummary(table, tableTitle(table, caption), LOCAL_ENGINE);
      // A form's table (its figures) with its fields above it: the fields are stated too.
      const fields = pageFields(first.structure).map((f) => `- ${fieldLine(f)}`);
      return fields.length ? { ...note, detailedSummary: `${note.detailedSummary}\n\n${fields.join('\n')}` } : note;
    }
  }
  const title = buildTitle({
    blocks,
    firstPage: first.blocks,
    heading: first.heading,
    firstPageText: first.text,
    units,
    weights,
    analyser,
    words,
    receipt,
    proseWords: proseWords(units),
  });
  if (receipt) return receiptSummary(receipt, title, LOCAL_ENGINE);
  // Code as OCR handed it over (code lines, indentation kept: SQL too, whose lines the text rules miss), or as the
  // page's blocks read it.
  if (codePage(first.structure) || mostlyCode(blocks, proseWords(units))) {
    return codeSummary(blocks, (editorFile(blocks) && codeTitle(blocks, 0)) || title, LOCAL_ENGINE);
  }
  const keyPoints = listPoints(units) ?? pickKeyPoints(units);
  const detailedSummary = buildDetailed(blocks, units, title);
  // A page of prose with a few fields (a memo's To and From, a fax cover's numbers, a request's dates): its fields
  // are facts, stated before its sentences.
  // A heading OCR read as "Label: value" ("Lecture 7: Cellular Respiration") is the note's title, not a field.
  const squash = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const fields = pageFields(first.structure).filter((f) => squash(fieldLine(f)) !== squash(title));
  if (fields.length === 0) return { title, keyPoints, detailedSummary, engine: LOCAL_ENGINE };
  const lines = fields.map(fieldLine);
  const stated = new Set(lines.map(squash));
  const points = pointFields(fields)
    .map((f) => shorten(fieldLine(f), KEY_POINT_MAX))
    .slice(0, MAX_KEY_POINTS - Math.min(2, keyPoints.length));
  return {
    title,
    keyPoints: [...points, ...keyPoints.filter((k) => !stated.has(squash(k)))].slice(0, MAX_KEY_POINTS),
    detailedSummary: [detailedSummary, lines.map((l) => `- ${l}`).join('\n')].join('\n\n'),
    engine: LOCAL_ENGINE,
  };
}

/**
 * A page that is mostly a list (a slide's bullets, a checklist): every item is its own key point, in order (the best
 * MAX_KEY_POINTS in order when there are more), never two merged into one.
 */
function listPoints(units: Unit[]): string[] | null {
  const items = units.filter((u) => u.kind === 'item');
  const words = (list: Unit[]) => list.reduce((n, u) => n + u.words, 0);
  if (items.length < 2 || words(items) * 2 < words(units.filter((u) => u.kind !== 'list'))) return null;
  const kept = items.length <= MAX_KEY_POINTS ? items : [...items].sort(byScore).slice(0, MAX_KEY_POINTS);
  return kept.sort((a, b) => a.order - b.order).map((u) => shorten(u.text.replace(/:$/, ''), KEY_POINT_MAX));
}

export interface LocalSummariserOptions {
  logger: Logger;
}

/** Creates the local summariser; loads the English model and word list once (shared by every instance). */
export async function createLocalSummariser(opts: LocalSummariserOptions): Promise<Summariser> {
  const started = Date.now();
  const [nlp, dictionary] = await Promise.all([loadWink(), loadDictionary()]);
  const english = englishAnalyser(nlp);
  const generic = genericAnalyser();
  const log = opts.logger.child({ summariser: LOCAL_ENGINE });
  log.debug({ ms: Date.now() - started, words: dictionary.size }, 'local summariser ready');

  return {
    name: LOCAL_ENGINE,
    async summarise(req: SummariseRequest): Promise<SummaryDraft> {
      // Scrolling captures become one page; the pages left are each summarised and the note covers them all.
      const pages = joinScrolls(req.pages)
        .map((p) => ({
          blocks: pageBlocks(p),
          structure: p.blocks,
          rows: p.blocks?.length ? rowsOfBlocks(p.blocks) : rowsOfText(p.text, p.heading),
          text: p.text,
          heading: p.heading,
        }))
        .filter((p) => p.blocks.some((b) => b.type !== 'furniture'));
      if (pages.length === 0) throw new Error('Nothing to summarise: every page is empty after cleaning');
      const text = req.pages.map((p) => p.text).join('\n');
      const language = req.language ?? detectLanguage(text);
      // wink's model and the word list are English; other languages get the language-neutral analyser.
      const useEnglish = language === 'eng' || (language === null && isMostlyLatin(text));
      const drafts = pages.map((page) =>
        normaliseDraft(
          summarisePages([page], useEnglish ? english : generic, useEnglish ? dictionary : null, language),
        ),
      );
      const draft = combineDrafts(drafts, LOCAL_ENGINE);
      log.debug(
        {
          language,
          analyser: useEnglish ? 'wink' : 'generic',
          pages: req.pages.length,
          joined: req.pages.length - pages.length,
          keyPoints: draft.keyPoints.length,
        },
        'summarised locally',
      );
      return normaliseDraft(draft);
    },
    async describe(req: DescribeRequest): Promise<SummaryDraft> {
      return normaliseDraft(await describeImagesLocally(req, log));
    },
  };
}
