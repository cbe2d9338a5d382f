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
  summariseInputSchema,
  summaryResultSchema,
} from '@snapnotes/contracts';
import { cleanOcrText, tidyOriginalText } from './clean.js';
import { detectLanguage } from './language.js';
import { normaliseDraft } from './text.js';

export interface SummariseStageDeps {
  store: ObjectStore;
  summariser: Summariser;
  textModerator: TextModerator;
  logger: Logger;
}

export function createSummariseStage(deps: SummariseStageDeps): StageHandlers['summarise'] {
  return async function summarise(rawInput) {
    const parsedInput = summariseInputSchema.safeParse(rawInput);
    if (!parsedInput.success) {
      throw new Error(`Invalid summarise input: ${parsedInput.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    const { job, pages } = parsedInput.data;
    const log = deps.logger.child({ stage: 'summarise', uploadId: job.uploadId, correlationId: job.correlationId });
    const started = Date.now();
    const ordered = [...pages].sort((a, b) => a.index - b.index);
    const withText = ordered.filter((p) => p.hasText && p.text.trim().length > 0);

    if (withText.length > 0) {
      // Every page is checked, so the verdict names every flagged file at once.
      const verdicts = await Promise.all(withText.map((p) => deps.textModerator.check(p.text)));
      const flagged = withText.filter((_, i) => verdicts[i]?.flagged).map((p) => p.fileName);
      if (flagged.length > 0) {
        log.info(
          { files: flagged, reasons: verdicts.filter((v) => v.flagged).map((v) => v.reason ?? 'flagged'), moderator: deps.textModerator.name },
          'extracted text flagged',
        );
        throw inappropriate(flagged);
      }
      const cleaned = withText
        .map((p) => ({ fileName: p.fileName, text: cleanOcrText(p.text) }))
        .filter((p) => p.text.trim().length > 0);
      if (cleaned.length > 0) {
        const language = detectLanguage(cleaned.map((p) => p.text).join('\n'));
        const draft = await deps.summariser.summarise({ pages: cleaned, premium: job.premium, language });
        const originalText = withText.map((p) => tidyOriginalText(p.text)).filter(Boolean).join('\n\n');
        const result = finish(draft, { originalText, kind: 'text', language });
        log.info(
          { engine: result.engine, pages: cleaned.length, language, chars: originalText.length, keyPoints: result.keyPoints.length, ms: Date.now() - started },
          'text summarised',
        );
        return result;
      }
      log.info({ pages: withText.length }, 'text pages held only noise after cleaning; describing the images instead');
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
      throw nothingExtracted();
    }
    const result = finish(draft, { originalText: '', kind: 'description', language: null });
    log.info({ engine: result.engine, images: loaded.length, ms: Date.now() - started }, 'images described');
    return result;
  };
}

function finish(
  draft: SummaryDraft,
  extra: { originalText: string; kind: SummaryResult['kind']; language: string | null },
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
  });
}
