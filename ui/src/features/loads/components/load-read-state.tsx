import type { ReactElement, ReactNode } from 'react';
import { Spinner } from '../../../components/spinner';
import type { useShownLoad } from '../hooks/use-shown-load';
import { errorText, isNotFound, LOAD_MESSAGES } from '../utils/load-messages';

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
      <p className={notFound ? 'page-status' : 'form-error'} role="alert">
        {notFound ? notFoundText : (errorText(query.error) ?? LOAD_MESSAGES.detailFailed)}
      </p>
      {notFound && notFoundHint}
      {backButton}
    </section>
  );
}
