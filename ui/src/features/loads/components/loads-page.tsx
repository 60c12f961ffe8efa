import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import type { LoadStatus } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { Spinner } from '../../../components/spinner';
import { useRestoredDraft } from '../../../lib/drafts';
import { scrollIntoViewGently } from '../../../lib/motion';
import { useLoads } from '../api/get-loads';
import { useBackFromLoad } from '../hooks/use-back-from-load';
import { useFilterAnnouncement } from '../hooks/use-filter-announcement';
import { filterLoads, type LoadSort, SEARCH_PLACEHOLDER } from '../utils/load-list';
import { readListView, saveListView } from '../utils/list-view';
import { useSession } from '../../../lib/auth/current-user';
import { LOAD_MESSAGES } from '../utils/load-messages';
import { CREATE_LOAD_DRAFT, CreateLoadForm } from './create-load-form';
import { DocumentDialog } from './document-dialog';
import { LoadDateDialog } from './load-date-dialog';
import { type LoadsTableDialog, LoadsTable } from './loads-table';
import { StatusFilterChips } from './status-filter-chips';
import '../loads.css';

const NO_LOADS: LoadView[] = [];
/**
 * Back from a load's page by its 'Back to Loads', the focus goes to that load's link in the list (where the keyboard
 * user left the list, about eight Tab stops a row down) instead of the page's heading; not when the load is not shown
 * (searched or filtered away), or on any other arrival.
 */
function useFocusReturnedLoad(page: RefObject<HTMLElement | null>, ready: boolean): void {
  const fromLoad = useBackFromLoad();
  const done = useRef(false);
  useEffect(() => {
    if (!fromLoad || !ready || done.current) return;
    done.current = true;
    const link = page.current?.querySelector<HTMLElement>(`a.load-id-link[href$="/load/${CSS.escape(fromLoad)}"]`);
    if (!link) return;
    link.focus({ preventScroll: true });
    scrollIntoViewGently(link, { block: 'center' });
  }, [fromLoad, ready, page]);
}

/** /loads: the vendor's loads, with search, status chips, the inline create form and the cell dialogs. */
export function LoadsPage() {
  const loads = useLoads();
  // Open again with what was typed when the session ended under it (lib/drafts.ts).
  const [creating, setCreating] = useState(useRestoredDraft(CREATE_LOAD_DRAFT) !== null);
  // The list as this user left it (opening a load and coming back keeps search, chips and sort).
  const userId = useSession().user?.id ?? '';
  const [stored] = useState(() => readListView(userId));
  const [search, setSearch] = useState(stored.search);
  const [statuses, setStatuses] = useState<ReadonlySet<LoadStatus>>(stored.statuses);
  const [sorting, setSorting] = useState<LoadSort[]>(stored.sorting);
  useEffect(() => saveListView(userId, { search, statuses, sorting }), [userId, search, statuses, sorting]);
  const [dialog, setDialog] = useState<LoadsTableDialog | null>(null);
  const rows = useMemo(() => filterLoads(loads.data ?? NO_LOADS, search, statuses), [loads.data, search, statuses]);
  const announcement = useFilterAnnouncement(() => rows.length, loads.isSuccess, [search, statuses]);
  const page = useRef<HTMLElement>(null);
  useFocusReturnedLoad(page, loads.isSuccess);

  return (
    <section className="page loads-page" ref={page}>
      <header className="page-header">
        <h1>Loads</h1>
        <button type="button" className="button button-primary" onClick={() => setCreating(true)} disabled={creating}>
          New Load
        </button>
      </header>

      {creating && <CreateLoadForm onClose={() => setCreating(false)} />}

      <div className="loads-toolbar">
        <input
          type="search"
          className="loads-search"
          placeholder={SEARCH_PLACEHOLDER}
          aria-label={SEARCH_PLACEHOLDER}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <StatusFilterChips selected={statuses} onChange={setStatuses} />
      </div>
      {/* What a search or a chip left, said to screen readers (the rows change silently otherwise). */}
      <p className="visually-hidden loads-filter-said" role="status">
        {announcement}
      </p>

      {loads.isPending ? (
        <div className="loads-state">
          <Spinner size="lg" label="Loading loads" />
        </div>
      ) : loads.isError ? (
        <div className="form-error" role="alert">
          {LOAD_MESSAGES.listFailed}
        </div>
      ) : (
        <LoadsTable loads={rows} onOpen={setDialog} sorting={sorting} onSortingChange={setSorting} />
      )}

      {dialog?.kind === 'date' && <LoadDateDialog load={dialog.load} field={dialog.field} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'document' && <DocumentDialog load={dialog.load} documentType={dialog.document.type} onClose={() => setDialog(null)} />}
    </section>
  );
}
