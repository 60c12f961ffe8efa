import type { ReactElement, ReactNode } from 'react';
import { Spinner } from '../../../components/spinner';
import type { useShownLoad } from '../hooks/use-shown-load';
import { errorText, isNotFound, LOAD_MESSAGES } from '../utils/load-messages';

/** The page's record in the document title: its Load ID, or 'Not found' ("Not found · Load Details · ..."). */
export function loadRecordTitle({ query }: ReturnType<typeof useShownLoad>): string | null {
  if (query.data) return query.data.kdt_id;
  return query.isError && isNotFound(query.error) ? 'Not found' : null;
}

/**
 * What a load's detail page shows instead of the load, or null when it shows the load (also when the load went away
 * while shown: `gone`, the page keeps it, read-only): a spinner while it is first read, or why it cannot be shown (not
 * found, in the page's own words, with `notFoundHint` under them; or the read failed), with the page's way back.
 */
export function loadReadFallback({ shown, notFoundText, notFoundHint, backButton }: {
  shown: ReturnType<typeof useShownLoad>;
  notFoundText: string;
  notFoundHint?: ReactNode;
  backButton: ReactNode;
}): ReactElement | null {
  const { query, gone } = shown;
  if (query.isPending) {
    // No heading while loading: the route's focus waits on <main> for the page's own (one here would go, and the focus
    // with it, when the load shows).
    return (
      <section className="page load-detail">
        <div className="loads-state">
          <Spinner size="lg" label="Loading load" />
        </div>
      </section>
    );
  }
  if (!query.isError || gone) return null;
  const notFound = isNotFound(query.error);
  return (
    <section className="page load-detail">
      {/* The page's heading, which the route's focus and a screen reader's list of headings land on. */}
      <header className="page-header">
        <h1>Load Details</h1>
      </header>
      <p className={notFound ? 'page-status' : 'form-error'} role="alert">
        {notFound ? notFoundText : (errorText(query.error) ?? LOAD_MESSAGES.detailFailed)}
      </p>
      {notFound && notFoundHint}
      {backButton}
    </section>
  );
}
