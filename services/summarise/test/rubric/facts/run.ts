/** Runs a summariser over the facts corpus the way the summarise stage calls it (stage.ts), and scores each note. */
import type { SummariseRequest, SummaryDraft } from '@snapnotes/contracts';
import { summaryText } from '../../../src/local/blocks.js';
import { FACT_CORPUS } from './corpus/index.js';
import { type FactScore, scoreFactItem } from './score.js';
import type { FactItem } from './types.js';

/** The request the summarise stage would send for the item's pages: each page's text cleaned, its structure kept. */
export function factRequest(item: FactItem): SummariseRequest {
  return {
    pages: item.pages.map((p) => ({
      fileName: p.fileName,
      text: summaryText(p),
      ...(p.heading ? { heading: p.heading } : {}),
      ...(p.blocks?.length ? { blocks: p.blocks } : {}),
    })),
    premium: false,
    language: item.language,
  };
}

/** Runs `summarise` over every item (or the given ones), one after another. */
export async function runFacts(
  summarise: (req: SummariseRequest, item: FactItem) => Promise<SummaryDraft>,
  items: readonly FactItem[] = FACT_CORPUS,
): Promise<FactScore[]> {
  const scores: FactScore[] = [];
  for (const item of items) scores.push(scoreFactItem(item, await summarise(factRequest(item), item)));
  return scores;
}
