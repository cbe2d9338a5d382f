/**
 * Finished notes written straight into the product's database, the way the pipeline stores one (reserve the upload,
 * then write its note; no stored images), for browser tests about what the app shows rather than how a note is made.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Product } from './harness.js';

export interface SeededNote {
  userId: number;
  title: string;
  keyPoints: string[];
  detailedSummary: string;
  originalText: string;
  /** The note's image count as the list shows it (no image is stored). */
  imageCount: number;
  fileName: string;
}

export async function seedNote(product: Product, note: SeededNote): Promise<void> {
  const { uploads, notes } = product.running.app.deps.repos;
  const id = randomUUID();
  const reserved = await uploads.reserve({
    id,
    userId: note.userId,
    fileNames: [note.fileName],
    objectKeys: [`users/${note.userId}/uploads/${id}/0.png`],
    imageCount: 1,
    correlationId: 'e2e-seed',
    monthlyAllowance: null,
    now: new Date(),
  });
  expect(reserved.ok).toBe(true);
  await notes.createForUpload({
    uploadId: id,
    userId: note.userId,
    title: note.title,
    keyPoints: note.keyPoints,
    detailedSummary: note.detailedSummary,
    originalText: note.originalText,
    kind: 'text',
    language: 'en',
    imageCount: note.imageCount,
    engine: 'e2e-seed',
  });
}
