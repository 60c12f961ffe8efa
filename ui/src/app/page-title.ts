import { useEffect } from 'react';
import { useMatches } from 'react-router';

export const APP_NAME = 'Freight Portal';

/**
 * What a route's `handle` says about the document title: the page's own `title`, and on a layout route the `section`
 * every page under it belongs to ("Staff").
 */
export interface TitleHandle {
  title?: string;
  section?: string;
}

interface MatchWithHandle {
  handle?: unknown;
}

const handleOf = (match: MatchWithHandle): TitleHandle => (match.handle && typeof match.handle === 'object' ? (match.handle as TitleHandle) : {});

/**
 * "record · page · section · Freight Portal", from the deepest route that names its page, the nearest route that names
 * its section, and the record the page shows (when it has told us). A route without a title shows the product name.
 */
export function pageTitle(matches: readonly MatchWithHandle[], record: string | null): string {
  const deepest = [...matches].reverse();
  const title = deepest.map(handleOf).find((handle) => handle.title)?.title;
  if (!title) return APP_NAME;
  const section = deepest.map(handleOf).find((handle) => handle.section)?.section;
  return [record, title, section, APP_NAME].filter(Boolean).join(' · ');
}

/** Keeps document.title on the current route's title (route `handle`s in routes.tsx) and the page's record. */
export function useDocumentTitle(record: string | null): void {
  const title = pageTitle(useMatches(), record);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
