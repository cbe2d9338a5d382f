import { useCallback, useState } from 'react';
import { LayoutList, Rows3 } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { cn } from '../../lib/utils.js';

/** How the library shows notes: full cards, or one compact row per note (a large library, issue 23). */
export type LibraryView = 'cards' | 'compact';

/** Where the choice is remembered on this device (not personal data: it survives sign-out). */
const LIBRARY_VIEW_KEY = 'snapnotes:library-view';

function readView(): LibraryView {
  try {
    return localStorage.getItem(LIBRARY_VIEW_KEY) === 'compact' ? 'compact' : 'cards';
  } catch {
    return 'cards'; // storage refused (a privacy setting): the default each visit
  }
}

/** The library view, remembered in localStorage. */
export function useLibraryView(): [LibraryView, (view: LibraryView) => void] {
  const [view, setView] = useState<LibraryView>(readView);
  const choose = useCallback((next: LibraryView) => {
    setView(next);
    try {
      localStorage.setItem(LIBRARY_VIEW_KEY, next);
    } catch {
      // Not remembered; the choice still applies now.
    }
  }, []);
  return [view, choose];
}

const ITEM =
  'inline-flex h-8 items-center gap-1.5 rounded-sm px-2.5 text-xs font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-xs';

/** "Cards" / "Compact": a Radix toggle group (one pressed at a time; the arrow keys move between them). */
export function LibraryViewSwitch({
  view,
  onChange,
  className,
}: {
  view: LibraryView;
  onChange: (view: LibraryView) => void;
  className?: string;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      value={view}
      onValueChange={(next) => {
        if (next === 'cards' || next === 'compact') onChange(next);
      }}
      aria-label="Show notes as"
      className={cn('inline-flex shrink-0 items-center gap-0.5 rounded-md bg-muted p-0.5', className)}
    >
      <ToggleGroup.Item value="cards" className={ITEM} aria-label="Cards">
        <LayoutList className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">Cards</span>
      </ToggleGroup.Item>
      <ToggleGroup.Item value="compact" className={ITEM} aria-label="Compact list">
        <Rows3 className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">Compact</span>
      </ToggleGroup.Item>
    </ToggleGroup.Root>
  );
}
