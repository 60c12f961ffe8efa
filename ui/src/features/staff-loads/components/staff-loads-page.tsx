import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LoadStatus } from '@portal/domain/loads/fields';
import { LOAD_PERMISSION_MESSAGES } from '@portal/domain/permissions';
import { Spinner } from '../../../components/spinner';
import { useLoads } from '../../loads/api/get-loads';
import { DocumentDialog } from '../../loads/components/document-dialog';
import { ExperimentalBanner } from '../../loads/components/experimental-banner';
import { LoadDateDialog } from '../../loads/components/load-date-dialog';
import type { LoadsTableDialog } from '../../loads/components/loads-table';
import { useBackFromLoad } from '../../loads/hooks/use-back-from-load';
import { useFilterAnnouncement } from '../../loads/hooks/use-filter-announcement';
import { StatusFilterChips } from '../../loads/components/status-filter-chips';
import { useLoadCapabilities } from '../../loads/hooks/use-load-capabilities';
import { usePermissionNotice } from '../../loads/hooks/use-permission-notice';
import { prepareSearchTexts, SEARCH_PLACEHOLDER } from '../../loads/utils/load-list';
import { LOAD_MESSAGES } from '../../loads/utils/load-messages';
import { boardCellModes } from '../utils/board-cells';
import { type BoardFilter, countOnBoard } from '../utils/board-filter';
import { type BoardSort, readBoardTop, readBoardView, saveBoardTop, saveBoardView } from '../utils/board-view';
import { useSession } from '../../../lib/auth/current-user';
import { useRestoredDraft } from '../../../lib/drafts';
import { CREATE_LOAD_DRAFT } from '../../loads/components/create-load-form';
import { StaffCreateLoadPanel } from './staff-create-load-panel';
import { StaffLoadsGrid } from './staff-loads-grid';
import '../../loads/loads.css';
import '../staff-loads.css';

/** /staff/loads: every vendor's loads on a live board, with search, status chips, create panel and cell dialogs. */
export function StaffLoadsPage() {
  const loads = useLoads();
  // Back from a load's page by its 'Back to Loads': that load's row takes the focus.
  const arrivedFrom = useBackFromLoad();
  const [backFrom] = useState(arrivedFrom);
  // The search texts, made while the board waits for the user rather than at the first key.
  useEffect(() => (loads.data ? prepareSearchTexts(loads.data) : undefined), [loads.data]);
  const capabilities = useLoadCapabilities();
  const { dates, documents, status } = boardCellModes(capabilities);
  const modes = useMemo(() => ({ dates, documents, status }), [dates, documents, status]);
  // Open again with what was typed when the session ended under it (lib/drafts.ts).
  const [creating, setCreating] = useState(useRestoredDraft(CREATE_LOAD_DRAFT) !== null);
  const refusal = usePermissionNotice();
  // The board as this user left it in this tab (opening a load and coming back keeps search, chips, sort and the
  // place it was scrolled to).
  const userId = useSession().user?.id ?? '';
  const [stored] = useState(() => ({ ...readBoardView(userId), topRowId: readBoardTop(userId) || null }));
  const onTopRowChange = useCallback((rowId: string | null) => saveBoardTop(userId, rowId), [userId]);
  const [filter, setFilter] = useState<BoardFilter>(stored.filter);
  const sort = useRef(stored.sort);
  // What a search or a chip leaves, said once the user pauses; not at a live update, nor on arrival.
  const announcement = useFilterAnnouncement(() => countOnBoard(loads.data ?? [], filter), loads.isSuccess, [filter.search, filter.statuses]);
  useEffect(() => saveBoardView(userId, { filter, sort: sort.current }), [userId, filter]);
  const onSortChange = useCallback(
    (next: BoardSort[]) => {
      sort.current = next;
      saveBoardView(userId, { filter, sort: next });
    },
    [userId, filter],
  );
  const [dialog, setDialog] = useState<LoadsTableDialog | null>(null);
  // A tier that may no longer set dates (changed while the date dialog was open) loses the dialog with its date cells;
  // the document dialog stays, following the tier itself (canManage).
  useEffect(() => {
    if (dates === 'text') setDialog((open) => (open?.kind === 'date' ? null : open));
  }, [dates]);

  function newLoad() {
    if (capabilities.create) setCreating(true);
    else refusal.show(LOAD_PERMISSION_MESSAGES.create);
  }

  return (
    <section className="page loads-page staff-loads-page">
      <header className="page-header">
        <h1>Loads</h1>
        <div className="page-header-actions">
          {refusal.message && (
            <span className="permission-notice" role="alert">
              {refusal.message}
            </span>
          )}
          <button type="button" className="button button-primary" onClick={newLoad} disabled={creating}>
            New Load
          </button>
        </div>
      </header>
      <ExperimentalBanner demoModels={false} />

      {creating && <StaffCreateLoadPanel onClose={() => setCreating(false)} />}

      <div className="loads-toolbar">
        <input
          type="search"
          className="loads-search"
          placeholder={SEARCH_PLACEHOLDER}
          aria-label={SEARCH_PLACEHOLDER}
          value={filter.search}
          onChange={(event) => setFilter((current) => ({ ...current, search: event.target.value }))}
        />
        <StatusFilterChips
          selected={filter.statuses}
          onChange={(statuses: ReadonlySet<LoadStatus>) => setFilter((current) => ({ ...current, statuses }))}
        />
      </div>
      {/* What a search or a chip left, said to screen readers (the rows change silently otherwise). */}
      <p className="visually-hidden loads-filter-said" role="status">
        {announcement}
      </p>

      {loads.isPending ? (
        <div className="loads-state">
          <Spinner size="lg" label="Loading loads" />
        </div>
      ) : loads.isError && !loads.data ? (
        <div className="form-error" role="alert">
          {LOAD_MESSAGES.listFailed}
        </div>
      ) : (
        <StaffLoadsGrid loads={loads.data ?? []} filter={filter} modes={modes} onOpen={setDialog} initialSort={stored.sort} onSortChange={onSortChange}
          initialTopRowId={stored.topRowId} onTopRowChange={onTopRowChange} focusRowId={backFrom}
        />
      )}

      {dialog?.kind === 'date' && <LoadDateDialog load={dialog.load} field={dialog.field} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'document' && (
        <DocumentDialog load={dialog.load} documentType={dialog.document.type} canManage={capabilities.manageDocuments} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}
