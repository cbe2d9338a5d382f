/**
 * Runs corpus images through the product's own stages, as one upload each: the moderation stage (image classifier)
 * beside the OCR stage (the real tesseract engine), then the summarise stage, which joins the image flags with the
 * text checks on the OCR text and rejects or summarises. Built from config by the same wiring as the embedded start,
 * over an in-memory object store; the OCR and summarise builders come from the caller (the composition root's test,
 * or the bench), since a service never imports another. The OCR pages can be kept across pipelines (`pages`), so a
 * second run of the corpus under other moderation settings does not read every image again.
 */
import { randomUUID } from 'node:crypto';
import { loadConfig, type Config } from '@snapnotes/config';
import {
  parseVerdict,
  type ImageRef,
  type Logger,
  type ModerationResult,
  type ObjectStore,
  type OcrPageResult,
  type StageHandlers,
  type UploadJob,
} from '@snapnotes/contracts';
import { createOpenAIFromConfig } from '@snapnotes/runtime';
import { createMemoryStore } from '@snapnotes/testing/memory-store';
import { buildModerationStage } from '../../src/wire.js';
import type { RenderedItem } from './render.js';

export interface Outcome {
  id: string;
  /** The upload was refused as inappropriate (the 400 reply). */
  rejected: boolean;
  /** The image classifier flagged it. */
  byImage: boolean;
  /** The text checks flagged it: their reason (category and rule, never the text). */
  textReason: string | null;
  /** What the text checks let through, by rule. */
  ignored: Record<string, number>;
  /** The OCR page result the text checks saw. */
  page: OcrPageResult;
}

export interface CorpusPipeline {
  /** The name of the text checks that ran, e.g. 'text-filter' or 'text-filter+openai'. */
  readonly textEngine: string;
  run(rendered: RenderedItem): Promise<Outcome>;
  close(): Promise<void>;
}

/** A logger that keeps the summarise stage's decision lines, by upload, and drops everything else. */
function decisionLogger(): Logger & { decisions: Map<string, Record<string, unknown>[]> } {
  const decisions = new Map<string, Record<string, unknown>[]>();
  const make = (bindings: Record<string, unknown>): Logger => {
    const keep = (obj: object | string, msg?: string) => {
      if (msg !== 'text moderated' || typeof obj !== 'object') return;
      const id = String(bindings.jobId);
      decisions.set(id, [...(decisions.get(id) ?? []), obj as Record<string, unknown>]);
    };
    return { debug: () => {}, info: keep, warn: () => {}, error: () => {}, child: (b) => make({ ...bindings, ...b }) };
  };
  return Object.assign(make({}), { decisions });
}

/** The OCR and summarise stages' builders (`buildOcrStage`, `buildSummariseStage`), as the embedded start wires them. */
export interface CorpusStages {
  ocr(
    config: Config,
    deps: { store: ObjectStore; logger: Logger },
  ): Promise<{ handler: StageHandlers['ocr']; close(): Promise<void> }>;
  summarise(
    config: Config,
    deps: { store: ObjectStore; openai: ReturnType<typeof createOpenAIFromConfig>; logger: Logger },
  ): Promise<{ handler: StageHandlers['summarise']; textModerator: { name: string } }>;
}

export interface CorpusPipelineOptions {
  stages: CorpusStages;
  env?: Record<string, string>;
  /** OCR pages by corpus item, filled by this pipeline and reused when an item was read before. */
  pages?: Map<string, OcrPageResult>;
}

export async function startCorpusPipeline(options: CorpusPipelineOptions): Promise<CorpusPipeline> {
  const config = loadConfig({
    OCR_LANGUAGES: 'eng',
    OCR_DEFAULT_LANGUAGES: 'eng',
    OCR_POOL_SIZE: '2',
    OPENAI_MODERATION: 'off',
    ...options.env,
  });
  const logger = decisionLogger();
  const store = createMemoryStore();
  const openai = createOpenAIFromConfig(config);
  const pages = options.pages ?? new Map<string, OcrPageResult>();
  const [moderation, summarise] = await Promise.all([
    buildModerationStage(config, { store, openai, logger }),
    options.stages.summarise(config, { store, openai, logger }),
  ]);
  // Built on the first item not read before: a pipeline whose pages are all known starts no OCR workers.
  let ocr: ReturnType<CorpusStages['ocr']> | undefined;
  const read = async (itemId: string, job: UploadJob, image: ImageRef): Promise<OcrPageResult> => {
    const known = pages.get(itemId);
    if (known) return known;
    ocr ??= options.stages.ocr(config, { store, logger });
    const page = await (await ocr).handler({ job, image });
    pages.set(itemId, page);
    return page;
  };
  return {
    textEngine: summarise.textModerator.name,
    async run({ item, image, contentType, width, height }) {
      const uploadId = randomUUID();
      const ref: ImageRef = {
        index: 0,
        fileName: `${item.id}.${contentType === 'image/png' ? 'png' : 'jpg'}`,
        key: `users/1/uploads/${uploadId}/0`,
        contentType,
        bytes: image.length,
        width,
        height,
      };
      await store.put(ref.key, image, contentType);
      const job: UploadJob = {
        jobId: uploadId,
        purpose: { kind: 'upload' },
        userId: 1,
        correlationId: item.id,
        premium: false,
        languages: ['eng'],
        images: [ref],
      };
      const [moderated, page]: [ModerationResult, OcrPageResult] = await Promise.all([
        moderation.handler(job),
        read(item.id, job, ref),
      ]);
      let rejected = false;
      try {
        await summarise.handler({ job, pages: [page], moderation: moderated });
      } catch (err) {
        const verdict = parseVerdict((err as Error).message);
        if (!verdict) throw err;
        rejected = verdict.code === 'INAPPROPRIATE_CONTENT';
      }
      const decision = logger.decisions.get(uploadId)?.[0];
      logger.decisions.delete(uploadId);
      await store.deleteMany([ref.key]);
      return {
        id: item.id,
        rejected,
        byImage: moderated.flagged.length > 0,
        textReason: decision?.flagged ? `${String(decision.category)}:${String(decision.rule)}` : null,
        ignored: (decision?.ignored as Record<string, number> | undefined) ?? {},
        page,
      };
    },
    async close() {
      await Promise.all([moderation.close(), ocr?.then((o) => o.close())]);
    },
  };
}
