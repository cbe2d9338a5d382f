/**
 * The summarise stage: moderates the extracted text, then summarises it (or, when no page has text,
 * describes the images), and returns the SummaryResult the notes stage stores.
 */
import {
  type Logger,
  type ObjectStore,
  type StageHandlers,
  type Summariser,
  type SummaryDraft,
  type SummaryResult,
  type TextModerator,
  isVerdictError,
  inappropriate,
  nothingExtracted,
  summaryResultSchema,
} from '@snapnotes/contracts';
import { detectLanguage } from './language.js';
import { summaryText } from './local/blocks.js';
import { joinScrolls } from './local/pages.js';
import { joinScrollTexts } from './local/scroll.js';
import { scrollsAt } from './local/scroll-pixels.js';
import type { Dictionary } from './local/words.js';
import { contentKindOf, noteTags } from './tags.js';
import { normaliseDraft, tidyOriginalText } from './text.js';

export interface SummariseStageDeps {
  store: ObjectStore;
  summariser: Summariser;
  textModerator: TextModerator;
  logger: Logger;
  /** The English word list the tagger checks key words against (local/words.ts); without it, none is checked. */
  dictionary?: Dictionary | undefined;
}

export function createSummariseStage(deps: SummariseStageDeps): StageHandlers['summarise'] {
  return async function summarise(input) {
    // Parsed once, at the queue boundary (packages/queue stages.ts): stages trust their typed input.
    const { job, pages, moderation } = input;
    const log = deps.logger.child({ stage: 'summarise', jobId: job.jobId, correlationId: job.correlationId });
    const started = Date.now();
    const ordered = [...pages].sort((a, b) => a.index - b.index);
    const withText = ordered.filter((p) => p.hasText && p.text.trim().length > 0);

    // One verdict for the whole upload: the image classifier's flags (from the moderation stage) joined with the
    // text filter's, decided before anything is sent to a summariser, so nothing of a flagged upload leaves.
    // The text checks see where OCR was unsure (p.uncertain): a word read with low confidence never flags.
    const textVerdicts = await Promise.all(
      withText.map((p) => deps.textModerator.check({ text: p.text, uncertain: p.uncertain })),
    );
    const flagged = new Map<number, { index: number; fileName: string; reasons: string[] }>();
    const flag = (index: number, fileName: string, reason: string) => {
      const entry = flagged.get(index) ?? { index, fileName, reasons: [] };
      entry.reasons.push(reason);
      flagged.set(index, entry);
    };
    for (const f of moderation?.flagged ?? []) flag(f.index, f.fileName, f.reason);
    withText.forEach((p, i) => {
      const v = textVerdicts[i];
      // What was decided and why (category, rule, what was set aside), never the words themselves.
      log.info(
        {
          index: p.index,
          engine: deps.textModerator.name,
          flagged: v?.flagged ?? false,
          category: v?.category,
          rule: v?.rule,
          ignored: v?.ignored,
        },
        'text moderated',
      );
      if (v?.flagged) flag(p.index, p.fileName, `text:${v.reason ?? deps.textModerator.name}`);
    });
    if (flagged.size > 0) {
      const files = [...flagged.entries()].sort(([x], [y]) => x - y).map(([, f]) => f);
      // Which files by position (the verdict names them for the user; the log does not).
      log.info({ files: files.map((f) => f.index), reasons: files.map((f) => f.reasons.join(', ')) }, 'upload flagged');
      throw inappropriate(files.map((f) => f.fileName));
    }

    if (withText.length > 0) {
      // The OCR's heading (the page's most prominent line) and the page's structure go along: a summariser may take
      // the heading as the title, and reads a receipt's or a table's rows from the structure.
      const cleaned = withText
        .map((p) => ({
          index: p.index,
          fileName: p.fileName,
          text: summaryText(p),
          ...(p.heading ? { heading: p.heading } : {}),
          ...(p.blocks?.length ? { blocks: p.blocks } : {}),
        }))
        .filter((p) => p.text.trim().length > 0);
      if (cleaned.length > 0) {
        const language = pageLanguage(withText) ?? detectLanguage(cleaned.map((p) => p.text).join('\n'));
        // Scrolling captures (a long chat or page in several screens, in any order) are one page for every
        // summariser, the model's too, and one text in the note: their repeated lines once. The gateway's pixel
        // matches (job.scrolls) say which go on from which; the others are matched by their text.
        const joined = joinScrolls(
          cleaned.map(({ index: _, ...page }) => page),
          scrollsAt(
            job.scrolls,
            cleaned.map((p) => p.index),
          ),
        );
        const draft = await deps.summariser.summarise({ pages: joined, premium: job.premium, language });
        const texts = withText.map((p) => ({ ...p, text: tidyOriginalText(p.text) })).filter((p) => p.text);
        const originalText = joinScrollTexts(
          texts.map((p) => p.text),
          scrollsAt(
            job.scrolls,
            texts.map((p) => p.index),
          ),
          texts.map((p) => p.blocks),
        ).join('\n\n');
        const contentKind = contentKindOf(cleaned);
        const tags = noteTags({
          ...draft,
          text: originalText,
          language,
          kind: contentKind,
          dictionary: deps.dictionary,
          modelTags: draft.tags,
        });
        const result = finish(draft, { originalText, kind: 'text', language, contentKind, tags });
        log.info(
          {
            engine: result.engine,
            pages: cleaned.length,
            joined: cleaned.length - joined.length,
            language,
            chars: originalText.length,
            keyPoints: result.keyPoints.length,
            // The kind and how many tags, never the tags: they are words of the user's text.
            contentKind: result.contentKind,
            tags: tags.length,
            ms: Date.now() - started,
          },
          'text summarised',
        );
        return result;
      }
      log.info({ pages: withText.length }, 'text pages held only noise after cleaning; describing the images instead');
    }
    if (job.purpose.kind === 'reread' && job.purpose.requireText) {
      // A re-read of a note made from text that reads none this time: the note keeps its text (DECISIONS "Read
      // again"), rather than becoming a description of its images.
      log.info({ pages: ordered.length }, 're-read found no text');
      throw nothingExtracted();
    }

    const images = [...job.images].sort((a, b) => a.index - b.index);
    const loaded = await Promise.all(
      images.map(async (img) => ({
        fileName: img.fileName,
        data: await deps.store.get(img.key),
        contentType: img.contentType,
        width: img.width,
        height: img.height,
      })),
    );
    let draft: SummaryDraft;
    try {
      draft = normaliseDraft(await deps.summariser.describe({ images: loaded, premium: job.premium }));
    } catch (err) {
      if (isVerdictError(err)) throw err;
      if ((err as { transient?: boolean }).transient) throw err;
      log.warn({ err: (err as Error).message }, 'describing the images gave nothing usable');
      throw nothingExtracted('No text was found, and no description could be made of the images.');
    }
    // Described images: their kind, and the description's key words (or the model's tags).
    const tags = noteTags({
      ...draft,
      text: draft.detailedSummary,
      language: null,
      kind: 'image',
      dictionary: deps.dictionary,
      modelTags: draft.tags,
    });
    const result = finish(draft, {
      originalText: '',
      kind: 'description',
      language: null,
      contentKind: 'image',
      tags,
    });
    log.info({ engine: result.engine, images: loaded.length, ms: Date.now() - started }, 'images described');
    return result;
  };
}

function finish(
  draft: SummaryDraft,
  extra: {
    originalText: string;
    kind: SummaryResult['kind'];
    language: string | null;
    contentKind: SummaryResult['contentKind'];
    tags: string[];
  },
): SummaryResult {
  const d = normaliseDraft(draft);
  return summaryResultSchema.parse({
    title: d.title,
    keyPoints: d.keyPoints,
    detailedSummary: d.detailedSummary,
    originalText: extra.originalText,
    kind: extra.kind,
    language: extra.language,
    engine: d.engine,
    contentKind: extra.contentKind,
    tags: extra.tags,
  });
}

/**
 * The note's language as OCR told it: the language most of the text was detected in (weighted by length), when
 * OCR detected one; null leaves it to the summariser's own detection.
 */
export function pageLanguage(pages: readonly { text: string; language?: string }[]): string | null {
  const weight = new Map<string, number>();
  for (const p of pages) if (p.language) weight.set(p.language, (weight.get(p.language) ?? 0) + p.text.length);
  let best: string | null = null;
  for (const [code, w] of weight) if (best === null || w > weight.get(best)!) best = code;
  return best;
}
