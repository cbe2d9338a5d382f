import { useEffect, useRef, useState } from 'react';
import type { LibraryFilters } from './library-filters.js';

/**
 * The search box's text, kept in the URL's `q` as it is typed (replacing the history entry: Back does not step
 * through every letter). A `q` the URL gets from elsewhere (Back, Forward, a link) is shown in the box; the URL's
 * echo of what was typed is not (it may come late, after more letters were typed).
 */
export function useSearchText(
  filters: LibraryFilters,
  setFilters: (next: LibraryFilters, options?: { replace?: boolean }) => void,
): [string, (text: string) => void] {
  const [text, setText] = useState(filters.q);
  /** The texts written to the URL whose echo has not come back yet, oldest first. */
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const at = pending.current.indexOf(filters.q);
    if (at >= 0) {
      pending.current = pending.current.slice(at + 1);
      return;
    }
    pending.current = [];
    setText(filters.q);
  }, [filters.q]);
  const change = (next: string) => {
    setText(next);
    pending.current.push(next);
    setFilters({ ...filters, q: next }, { replace: true });
  };
  return [text, change];
}
