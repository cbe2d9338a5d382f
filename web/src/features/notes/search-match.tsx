import type { NoteSearchField, NoteSearchMatch } from '@snapnotes/contracts';
import { highlightSegments } from './highlight.js';

const FIELD_LABELS: Record<NoteSearchField, string> = {
  title: 'Title',
  keyPoints: 'Key Points',
  detailedSummary: 'Detailed Summary',
  originalText: 'Original Text',
};

/** Where a search result matched: the field and its snippet, matched words in <mark> (plain text, never HTML). */
export function SearchMatch({ match }: { match: NoteSearchMatch }) {
  return (
    <p className="rounded-md bg-muted/60 px-3 py-2 text-sm leading-relaxed" data-testid="search-match">
      <span className="mr-1 font-medium text-muted-foreground">{FIELD_LABELS[match.field]}:</span>
      {highlightSegments(match.snippet, match.highlights).map((segment, index) =>
        segment.marked ? (
          <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-foreground dark:bg-yellow-500/40">
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </p>
  );
}
