/**
 * What the capacity model knows about SnapNotes: measured service times and per-pod figures, each with where it was
 * measured, and the few assumptions nothing in the repository measures (marked ASSUMED; each has a knob in main.ts).
 */

/** A service time: named medians (one drawn uniformly per job), each spread by a log-normal factor. */
export interface ServiceTime {
  /** Median milliseconds of each kind (an image category, a document kind). */
  readonly medians: readonly number[];
  /** Standard deviation of ln(time / median): the spread inside one kind. */
  readonly sigma: number;
}

/**
 * OCR per image (the `ocr` queue's page jobs), one image on one core: the OCR stage runs OCR_POOL_SIZE=2 tesseract
 * workers on 2 cores with OCR_CONCURRENCY=2, and under load PP-OCRv4 does not speculate (docs/OCR.md), so two
 * images at a time each take about what one takes alone (CPU 2,732 ms for 2,673 ms of wall time, docs/OCR.md).
 */
export const OCR_PROFILES = {
  /**
   * docs/OCR.md, "Measured on the corpus": `pnpm bench:ocr`, the product's median ms per image in each of the 20
   * categories of the generated corpus (screenshots of code, chats, tables, receipts, slides, articles, phones, six
   * languages, images without text); overall median 836 ms.
   */
  screenshots: {
    medians: [
      851, 832, 544, 569, 850, 877, 717, 502, 466, 373, 1456, 1374, 551, 1309, 2338, 2013, 2093, 1977, 1479, 129,
    ],
    sigma: 0.25,
  },
  /**
   * docs/OCR.md, "Real documents": the 236 real documents of `pnpm bench:ocr`, the product's median per kind: forms
   * 4,594, receipts 2,973, tables 1,360, printed lines 88, screenshots 558, article pages 5,505 ms (overall 2,673).
   */
  documents: { medians: [4594, 2973, 1360, 88, 558, 5505], sigma: 0.35 },
} as const satisfies Record<string, ServiceTime>;
export type OcrProfile = keyof typeof OCR_PROFILES;

/** The image classifier: about 55 ms an image (docs/ARCHITECTURE.md, "Moderation beside OCR"). One job per upload. */
export const MODERATION_MS_PER_IMAGE: ServiceTime = { medians: [55], sigma: 0.2 };

/**
 * Summarise with the local summariser: about 4 ms an upload (docs/PERFORMANCE.md, "Latest runs": after OCR, summary
 * 4 ms, note write 3 ms, reply 2 ms, the rest hand-offs).
 */
export const SUMMARISE_LOCAL: ServiceTime = { medians: [4], sigma: 0.3 };
/**
 * ASSUMED: summarise with an OpenAI model. Nothing here measures a real model's latency (the tests use a stand-in);
 * 3 s median with a long tail (p95 about 7 s) for a gpt-4o-mini summary of a page. CAPACITY_OPENAI_MS changes it.
 */
export const SUMMARISE_OPENAI_ASSUMED: ServiceTime = { medians: [3000], sigma: 0.5 };

/** The note write, one round trip (docs/PERFORMANCE.md, "Latest runs": 3 ms). */
export const NOTES_MS: ServiceTime = { medians: [3], sigma: 0.3 };

/**
 * The gateway, before the pipeline starts: 14-18 ms an image (docs/PERFORMANCE.md, "Latest runs": token, user row,
 * body, header checks, reservation, S3 put beside the full decode), and the reply, 2 ms.
 */
export const GATEWAY_BEFORE_MS_PER_IMAGE = 16;
export const GATEWAY_REPLY_MS = 2;
/**
 * One BullMQ hand-off (a job finished, its parent moved to waiting, a worker takes it): the ~7 ms the breakdown in
 * docs/PERFORMANCE.md leaves for hand-offs after OCR, over its three hops.
 */
export const HOP_MS = 2.5;
/** The OCR parent job of a several-image upload: adds the page jobs, later checks their results (a few ms each). */
export const OCR_FANOUT_MS = 5;
export const OCR_COLLECT_MS = 3;

/**
 * Gateway CPU per image, an upper bound: the whole ~30 ms a single-image upload spends outside OCR in the embedded
 * start (docs/PERFORMANCE.md: b - a is about 45 ms, of which ~15 ms are the stages' own work run elsewhere here).
 */
export const GATEWAY_CPU_MS_PER_IMAGE = 30;

/** Per pod, as deploy/kubernetes/base sets them (config.env and each Deployment's resources). */
export const POD = {
  gateway: { cpuRequest: 0.5, hpaTargetUtilisation: 0.7 },
  /** One core (its CPU limit) for the classifier thread: one image at a time. */
  moderation: { slots: 1 },
  /** Two cores, OCR_CONCURRENCY=2: two images at a time. */
  ocr: { slots: 2 },
  /** SUMMARISE_CONCURRENCY=4 (a model call waits on the network). */
  summarise: { slots: 4 },
  /** NOTES_CONCURRENCY=8; a note is one database round trip. */
  notes: { slots: 8 },
} as const;

/**
 * ASSUMED: seconds from a new pod being asked for to it taking jobs (image already on the node; no new node). The
 * compose files allow 60 s (start_period); the OCR worker loads its tesseract pool and language data, moderation its
 * classifier. CAPACITY_STARTUP_SCALE multiplies them.
 */
export const STARTUP_S = { moderation: 20, ocr: 30, summarise: 10, notes: 10 } as const;

/**
 * ASSUMED: images per upload (1 to 10, MAX_FILES_PER_UPLOAD). Nothing measures real users' uploads yet; mostly one
 * screenshot, sometimes a few, a long scroll now and then: mean 1.95. CAPACITY_IMAGES=1 models single images.
 */
export const IMAGES_PER_UPLOAD: readonly (readonly [images: number, weight: number])[] = [
  [1, 0.6],
  [2, 0.2],
  [3, 0.1],
  [4, 0.02],
  [5, 0.02],
  [6, 0.015],
  [7, 0.015],
  [8, 0.01],
  [9, 0.01],
  [10, 0.01],
];

/** PROCESSING_TIMEOUT_MS: the gateway answers an upload that took longer with a timeout. */
export const PROCESSING_TIMEOUT_S = 180;
