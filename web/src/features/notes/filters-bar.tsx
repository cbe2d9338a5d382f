import { useId } from 'react';
import { ToggleGroup } from 'radix-ui';
import { Tag, X } from 'lucide-react';
import {
  NOTE_CONTENT_KIND_LABELS,
  NOTE_CONTENT_KINDS,
  isNoteContentKind,
  ocrLanguageName,
  type NoteFilterOptions,
} from '@snapnotes/contracts';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { hasFilters, NO_FILTERS, type LibraryFilters } from './library-filters.js';

/** Tags offered as chips: the most used (the chosen ones always). */
const TAG_CHIPS = 12;

const SELECT =
  'h-8 rounded-md border border-input bg-transparent px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50';
const CHIP =
  'inline-flex h-7 items-center gap-1 rounded-full border px-2.5 text-xs font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=on]:border-primary data-[state=on]:bg-primary data-[state=on]:text-primary-foreground';

/**
 * The library's filters (issue 25): tag chips (several: a note must have them all), the kind, the language and a
 * date range, with "Clear filters". Native selects and date fields (labelled, keyboard-ready, nothing to download)
 * and a Radix toggle group for the chips (each a pressed/unpressed button).
 */
export function FiltersBar({
  filters,
  options,
  onChange,
}: {
  filters: LibraryFilters;
  options: NoteFilterOptions | null | undefined;
  onChange: (next: LibraryFilters) => void;
}) {
  const id = useId();
  const offered = options?.tags.map((t) => t.tag).slice(0, TAG_CHIPS) ?? [];
  const chips = [...filters.tags, ...offered.filter((tag) => !filters.tags.includes(tag))];
  const languages = [
    ...new Set([...(filters.lang ? [filters.lang] : []), ...(options?.languages.map((l) => l.language) ?? [])]),
  ];
  const active = hasFilters(filters);

  return (
    <div role="group" aria-label="Filters" className="space-y-2">
      {chips.length > 0 ? (
        <ToggleGroup.Root
          type="multiple"
          value={filters.tags}
          onValueChange={(tags) => onChange({ ...filters, tags: chips.filter((tag) => tags.includes(tag)) })}
          aria-label="Tags"
          className="flex flex-wrap items-center gap-1.5"
        >
          <Tag className="size-4 text-muted-foreground" aria-hidden="true" />
          {chips.map((tag) => (
            <ToggleGroup.Item key={tag} value={tag} className={CHIP} aria-label={`Tag ${tag}`}>
              {tag}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
      ) : null}
      <div className="flex flex-wrap items-end gap-2 text-sm">
        <label className="flex flex-col gap-1" htmlFor={`${id}-kind`}>
          <span className="text-xs text-muted-foreground">Kind</span>
          <select
            id={`${id}-kind`}
            className={SELECT}
            value={filters.kind ?? ''}
            onChange={(event) => {
              const kind = event.target.value;
              onChange({ ...filters, kind: isNoteContentKind(kind) ? kind : null });
            }}
          >
            <option value="">All kinds</option>
            {NOTE_CONTENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {NOTE_CONTENT_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-lang`}>
          <span className="text-xs text-muted-foreground">Language</span>
          <select
            id={`${id}-lang`}
            className={SELECT}
            value={filters.lang ?? ''}
            onChange={(event) => onChange({ ...filters, lang: event.target.value || null })}
          >
            <option value="">All languages</option>
            {languages.map((code) => (
              <option key={code} value={code}>
                {ocrLanguageName(code)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-from`}>
          <span className="text-xs text-muted-foreground">From</span>
          <Input
            id={`${id}-from`}
            type="date"
            className="h-8 w-auto"
            value={filters.from ?? ''}
            max={filters.to ?? undefined}
            onChange={(event) => onChange({ ...filters, from: event.target.value || null })}
          />
        </label>
        <label className="flex flex-col gap-1" htmlFor={`${id}-to`}>
          <span className="text-xs text-muted-foreground">To</span>
          <Input
            id={`${id}-to`}
            type="date"
            className="h-8 w-auto"
            value={filters.to ?? ''}
            min={filters.from ?? undefined}
            onChange={(event) => onChange({ ...filters, to: event.target.value || null })}
          />
        </label>
        {active ? (
          <Button variant="ghost" size="sm" onClick={() => onChange({ ...NO_FILTERS, q: filters.q })}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}
