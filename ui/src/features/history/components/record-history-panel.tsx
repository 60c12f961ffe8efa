import { useId, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { Spinner } from '../../../components/spinner';
import { historyKeys, type HistoryEntry, type HistoryKind, useHistoryPage } from '../api/history-api';
import { useFollowChanges } from '../hooks/use-follow-changes';
import { HISTORY_MESSAGES, historyErrorText } from '../utils/history-messages';
import { HISTORY_PAGE_SIZE } from '../utils/history-paging';
import { AsOfDialog } from './as-of-dialog';
import { HistoryEntryItem } from './history-entry-item';
import { HistoryPager } from './history-pager';
import '../history.css';

export interface RecordHistoryPanelProps {
  kind: HistoryKind;
  /** The record's id (the load's, vendor's or staff account's UUID). */
  id: string;
  title?: string;
  pageSize?: number;
  /** Anything that changes when the record does (e.g. the load object a screen shows): the history is read again. */
  watch?: unknown;
}

/**
 * A record's history, oldest first, a page at a time. Loads and vendors offer "View as of this change". Who may see
 * it is the server's call (loads: the load's vendor and staff; vendors: staff; staff accounts: ADMIN); a refusal is
 * shown in the panel.
 */
export function RecordHistoryPanel({ kind, id, title = HISTORY_MESSAGES.title, pageSize = HISTORY_PAGE_SIZE, watch }: RecordHistoryPanelProps) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const [asOf, setAsOf] = useState<HistoryEntry | null>(null);
  // A staff account's history is mostly sign-ins: they can be left out to see its changes.
  const [hideLogins, setHideLogins] = useState(false);
  const query = useHistoryPage(kind, id, page, pageSize, kind === 'staff' && hideLogins);
  useFollowChanges(historyKeys.record(kind, id), watch);

  const timeTravel = kind === 'load' || kind === 'vendor';
  const data = query.data;

  return (
    <section className="card hist-panel" aria-labelledby={headingId}>
      <header className="hist-header">
        {/* Focusable from script: a panel opened away from its button (the recycle bin's) takes the focus here. */}
        <h2 id={headingId} tabIndex={-1}>
          {title}
        </h2>
        {data && data.count > 0 && (
          <span className="hist-count">
            {data.count} {data.count === 1 ? 'change' : 'changes'}
          </span>
        )}
        <span className="hist-header-spacer" />
        {kind === 'staff' && (
          <label className="hist-filter">
            <input
              type="checkbox"
              checked={hideLogins}
              onChange={(event) => {
                setHideLogins(event.target.checked);
                setPage(1);
              }}
            />
            Hide sign-ins
          </label>
        )}
        {query.isFetching && !query.isPending && <Spinner size="sm" label="Refreshing history" />}
        {/* Busy, not disabled, while fetching: the focus stays on Refresh. */}
        <BusyButton className="button button-secondary hist-refresh" busy={query.isFetching} onClick={() => void query.refetch()}>
          Refresh
        </BusyButton>
      </header>

      {query.isPending ? (
        <div className="hist-state">
          <Spinner label="Loading history" />
        </div>
      ) : query.isError && !data ? (
        <p className="hist-error" role="alert">
          {historyErrorText(query.error)}
        </p>
      ) : !data || data.results.length === 0 ? (
        <p className="hist-empty">{HISTORY_MESSAGES.empty}</p>
      ) : (
        <>
          <ol className="hist-list" aria-label={`${title}, oldest first`} aria-busy={query.isPlaceholderData}>
            {data.results.map((entry) => (
              <HistoryEntryItem key={entry.position} entry={entry} onViewAsOf={timeTravel ? setAsOf : undefined} />
            ))}
          </ol>
          <HistoryPager page={page} pageSize={data.page_size || pageSize} count={data.count} busy={query.isPlaceholderData} onPage={setPage} />
        </>
      )}

      {timeTravel && <AsOfDialog kind={kind} id={id} entry={asOf} onClose={() => setAsOf(null)} />}
    </section>
  );
}
