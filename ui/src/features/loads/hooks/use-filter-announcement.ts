import { useEffect, useRef, useState } from 'react';
import { loadsShownText } from '../utils/load-messages';

/** Typing pauses this long before the count is said, so it is said once, not per keystroke. */
const ANNOUNCE_AFTER_MS = 400;
/** The region is emptied this long before the words are put in, so the same words again are still a change. */
const CLEARED_FOR_MS = 50;

/**
 * The text of a load list's status region: how many loads a change of the search or the chips leaves ("3 loads shown",
 * or the empty list's text), once the user pauses and once the list is there (not "No loads found" while it loads).
 * Said again after every change, the same words included (another search with as many rows). Not for the list's own
 * changes (live pushes), and not on arrival. `countShown` is asked only when the count is said.
 */
export function useFilterAnnouncement(countShown: () => number, ready: boolean, filters: readonly unknown[]): string {
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const count = useRef(countShown);
  count.current = countShown;
  // A change of the filters' values, compared with the last seen (not a 'first run' flag: StrictMode runs an effect
  // twice on mount in development, which would take the second run for a change and say the count on arrival).
  const previous = useRef(filters);
  useEffect(() => {
    const changed = filters.some((value, index) => !Object.is(value, previous.current[index]));
    previous.current = filters;
    if (changed) setPending(true);
  }, filters);
  const fill = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(fill.current), []);
  useEffect(() => {
    if (!pending || !ready) return;
    const timer = window.setTimeout(() => {
      const n = count.current();
      setPending(false);
      setText('');
      window.clearTimeout(fill.current);
      fill.current = window.setTimeout(() => setText(loadsShownText(n)), CLEARED_FOR_MS);
    }, ANNOUNCE_AFTER_MS);
    return () => window.clearTimeout(timer);
    // Each change of the filters starts the pause again.
  }, [pending, ready, ...filters]);
  return text;
}
