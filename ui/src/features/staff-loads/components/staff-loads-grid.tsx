import {
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  type BodyScrollEndEvent,
  type ColDef,
  createPart,
  type CellClickedEvent,
  type CellFocusedEvent,
  type CellKeyDownEvent,
  ExternalFilterModule,
  type FirstDataRenderedEvent,
  type FocusGridInnerElementParams,
  GridStateModule,
  type GetRowIdParams,
  type GridApi,
  type GridReadyEvent,
  type GridState,
  HighlightChangesModule,
  RenderApiModule,
  RowApiModule,
  ScrollApiModule,
  type IRowNode,
  type ModelUpdatedEvent,
  type StateUpdatedEvent,
  ModuleRegistry,
  type SuppressKeyboardEventParams,
  themeQuartz,
  ValidationModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { type KeyboardEvent as ReactKeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LoadView } from '@portal/domain/loads/view';
import { tabOutOf, useFocusKeptIn } from '../../../lib/focus';
import type { LoadsTableDialog } from '../../loads/components/loads-table';
import { hasDocument, LOAD_DOCUMENT_KINDS } from '../../loads/utils/load-documents';
import { LOAD_MESSAGES } from '../../loads/utils/load-messages';
import type { BoardCellModes } from '../utils/board-cells';
import { type BoardFilter, isBoardFilterActive, passesBoardFilter } from '../utils/board-filter';
import type { BoardSort } from '../utils/board-view';
import { dateComparator, loadNumberComparator, statusComparator, vendorNameComparator } from '../utils/board-sort';
import { addPositions, diffRows, type HeldRows, heldNote, isEmptyTransaction, NONE_HELD } from '../utils/grid-transaction';
import { STAFF_LOAD_MESSAGES } from '../utils/staff-load-messages';
import { staffLoadPath } from '../utils/staff-load-paths';
import type { BoardGridContext } from './board-grid-context';
import { DateCell } from './date-cell';
import { DocumentCell, type DocumentCellParams } from './document-cell';
import { LoadIdCell } from './load-id-cell';
import { StatusCell } from './status-cell';
import { TextCell } from './text-cell';

// Only what the board uses; the validation module (which names a missing module) only in development. An API function
// of a module left out does nothing at all in production: RenderApiModule brings api.refreshCells (see followModes).
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  GridStateModule,
  ClientSideRowModelApiModule,
  ExternalFilterModule,
  HighlightChangesModule,
  RenderApiModule,
  RowApiModule,
  // ensureIndexVisible: back into the board at a cell scrolled out of view.
  ScrollApiModule,
  CellStyleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

const ROW_HEIGHT = 44;
const HEADER_HEIGHT = 44;
/** Room for the 'No loads found' overlay when nothing shows. */
const MIN_BODY_ROWS = 4;
/** The wrapper's borders and the header's rule: without them a body exactly as tall as its rows would scroll. */
const BODY_SLACK = 6;

// The app's own colours (theme variables), so the grid follows the light and dark themes and custom palettes.
const boardTheme = themeQuartz.withParams({
  accentColor: 'var(--color-secondary)',
  backgroundColor: 'var(--color-background)',
  foregroundColor: 'var(--color-foreground)',
  borderColor: 'var(--color-border)',
  chromeBackgroundColor: 'var(--color-card)',
  headerBackgroundColor: 'var(--color-card)',
  headerFontWeight: 650,
  fontFamily: 'inherit',
  fontSize: 14,
  headerFontSize: 13,
  spacing: 6,
  rowHeight: ROW_HEIGHT,
  headerHeight: HEADER_HEIGHT,
  wrapperBorderRadius: 10,
  valueChangeValueHighlightBackgroundColor: 'color-mix(in srgb, var(--color-secondary) 32%, transparent)',
  rangeSelectionBorderColor: 'var(--color-secondary)',
  rangeSelectionBorderStyle: 'solid',
}).withPart(
  // The focused cell: its 1 px border doubled by an inset line (2 px, no shift of the content) and a soft inset halo,
  // so the keyboard's place on the board is easy to see.
  createPart({
    feature: 'boardCellFocus',
    css: `.ag-cell-focus:not(.ag-cell-range-selected):focus-within {
      box-shadow: inset 0 0 0 1px var(--ag-range-selection-border-color),
        inset 0 0 0 5px color-mix(in srgb, var(--ag-range-selection-border-color) 28%, transparent);
    }`,
  }),
);

// Tab and Shift+Tab leave the board (one Tab stop, as a table's rows are not each a stop); arrows move inside it. The
// board's own handler (leaveOnTabKey) moves the focus out, from headers and cells alike; AG Grid's way out is left
// only for Tab when the board is the page's last Tab stop.
const leaveOnTab = () => false as const;

// The cell's own controls handle the keys they need (the status dropdown's arrows and Enter); Tab and Escape stay the
// board's, so Tab leaves the board from the dropdown too, and Escape without a draft goes back to the cell (see
// onCellKeyDown).
const letSelectHandleKeys = ({ event }: SuppressKeyboardEventParams<LoadView>) =>
  event.target instanceof HTMLSelectElement && event.key !== 'Tab' && event.key !== 'Escape';

const dateColumn = (field: 'pickup_date' | 'delivery_date', headerName: string): ColDef<LoadView> => ({
  field,
  headerName,
  cellRenderer: DateCell,
  comparator: dateComparator,
  sortable: true,
  enableCellChangeFlash: true,
  minWidth: 148,
  flex: 1.1,
});

const COLUMNS: ColDef<LoadView>[] = [
  { colId: 'load_number', field: 'load_number', headerName: 'Load ID', cellRenderer: LoadIdCell, comparator: loadNumberComparator, sortable: true, minWidth: 140, flex: 1 },
  {
    field: 'vendor_name',
    headerName: 'Vendor',
    valueFormatter: ({ value }) => (value ? String(value) : STAFF_LOAD_MESSAGES.boardNotAssigned),
    cellRenderer: TextCell,
    cellClassRules: { 'is-unassigned': ({ value }) => !value },
    comparator: vendorNameComparator,
    sortable: true,
    enableCellChangeFlash: true,
    minWidth: 150,
    flex: 1.3,
  },
  {
    field: 'status',
    headerName: 'Status',
    cellRenderer: StatusCell,
    comparator: statusComparator,
    sortable: true,
    enableCellChangeFlash: true,
    suppressKeyboardEvent: letSelectHandleKeys,
    minWidth: 140,
    flex: 1,
  },
  dateColumn('pickup_date', 'Pick-Up Date'),
  dateColumn('delivery_date', 'Delivery Date'),
  ...LOAD_DOCUMENT_KINDS.map(
    (document): ColDef<LoadView> => ({
      colId: document.type,
      headerName: document.column,
      valueGetter: ({ data }) => (data ? hasDocument(data, document) : false),
      cellRenderer: DocumentCell,
      cellRendererParams: { document } satisfies DocumentCellParams,
      enableCellChangeFlash: true,
      width: 100,
      headerClass: 'board-document-header',
      cellClass: 'board-document-cell',
      resizable: false,
    }),
  ),
];

const columnIdOf = (column: ColDef<LoadView>) => column.colId ?? column.field!;
const [FIRST_COLUMN, LAST_COLUMN] = [columnIdOf(COLUMNS[0]!), columnIdOf(COLUMNS.at(-1)!)];

/** The columns whose renderers draw by the tier's cell modes (BoardGridContext.modes): status, dates, documents. */
const MODE_RENDERERS = new Set<unknown>([StatusCell, DateCell, DocumentCell]);
const MODE_COLUMNS: string[] = COLUMNS.filter((column) => MODE_RENDERERS.has(column.cellRenderer)).map(columnIdOf);

const DEFAULT_COLUMN: ColDef<LoadView> = { sortable: false, sortingOrder: ['asc', 'desc'], suppressMovable: true, resizable: true };
const OVERLAY_TEXTS = { noRows: { overlayText: LOAD_MESSAGES.listEmpty }, noMatchingRows: { overlayText: LOAD_MESSAGES.listEmpty } };
const rowIdOf = ({ data }: GetRowIdParams<LoadView>) => data.id;
const INTERACTIVE = 'a, button, select, input, textarea';
const KEYS_HINT_ID = 'staff-loads-grid-keys';

interface StaffLoadsGridProps {
  /** Every load the user may see, as cached; the search and chips filter inside the grid. */
  loads: readonly LoadView[];
  filter: BoardFilter;
  modes: BoardCellModes;
  onOpen(dialog: LoadsTableDialog): void;
  /** The sort the board opens with (as the user left it), and where its changes go. */
  initialSort: readonly BoardSort[];
  onSortChange(sort: BoardSort[]): void;
  /** The load the board was scrolled to (at the top of its view) when the user left it, and where its changes go. */
  initialTopRowId: string | null;
  onTopRowChange(rowId: string | null): void;
  /** The load whose page the user came back from ('Back to Loads'): its Load ID cell takes the focus when the board shows. */
  focusRowId?: string | null;
}

/**
 * The live board. The grid is given its rows once; every later change (a push, a refetch, the user's own save) goes
 * in as an async transaction, so sort, filter, scroll and focus stay where the user left them and changed cells flash.
 */
export function StaffLoadsGrid({ loads, filter, modes, onOpen, initialSort, onSortChange, initialTopRowId, onTopRowChange, focusRowId = null }: StaffLoadsGridProps) {
  const navigate = useNavigate();
  const wrapper = useRef<HTMLDivElement>(null);
  // A cell's control taken away under the focus (a tier change: the status select becomes a badge): its cell keeps it.
  useFocusKeptIn(wrapper, (control) => control.closest<HTMLElement>('.ag-cell'));
  const api = useRef<GridApi<LoadView> | null>(null);
  const [initialRows] = useState(() => [...loads]);
  const applied = useRef<readonly LoadView[]>(initialRows);
  const latest = useRef(loads);
  const filterRef = useRef(filter);
  const onOpenRef = useRef(onOpen);
  const [shownRows, setShownRows] = useState(initialRows.length);

  const context = useMemo<BoardGridContext>(() => ({ modes, open: (dialog) => onOpenRef.current(dialog) }), [modes]);
  // The context the drawn cells were given, and the newest one (a tier change: me:changed, then the user read again).
  const drawnContext = useRef(context);
  const latestContext = useRef(context);

  /**
   * Redraws the tier-dependent cells when the modes change. AG Grid hands a renderer the context once, with its params,
   * and a new context redraws nothing by itself: without this the board kept the old tier's controls until a reload.
   * Forced, since the cells' values did not change, and in place: the renderers get new params and render again (no
   * row or cell is recreated), without the change flash (nothing the user should look at changed in the load).
   */
  const followModes = useCallback(() => {
    const grid = api.current;
    if (!grid || drawnContext.current === latestContext.current) return;
    drawnContext.current = latestContext.current;
    grid.setGridOption('context', latestContext.current);
    grid.refreshCells({ columns: MODE_COLUMNS, force: true, suppressFlash: true });
  }, []);

  /**
   * Whether the board holds its order: while the pointer is over it or the keyboard is in it, a pushed change updates
   * its row in place (values and flash) instead of re-sorting and re-filtering the board, which moved rows under the
   * mouse of a user about to click one (ten times in nine seconds on a sorted board at a dozen changes a second). New
   * and removed loads wait too (each moved every row below it by one), and a note over the board says how many. All of
   * it catches up once the pointer and the focus have left.
   */
  const holding = useRef(false);
  const orderStale = useRef(false);
  /** Whether a column sorts the board (kept from its state events: the column API's module is not loaded). */
  const sorted = useRef(initialSort.length > 0);

  const [waiting, setWaiting] = useState<HeldRows>(NONE_HELD);

  const sync = useCallback(() => {
    const grid = api.current;
    if (!grid) return;
    const transaction = diffRows(applied.current, latest.current);
    const { add, update, remove } = transaction;
    // Changed cells flash by themselves (enableCellChangeFlash); new rows flash whole, where the list has them.
    if (holding.current) {
      if (update.length > 0) {
        // Earlier changes still queued go first, so none lands over a newer one.
        grid.flushAsyncTransactions();
        for (const row of update) grid.getRowNode(row.id)?.updateData(row);
        if (sorted.current || isBoardFilterActive(filterRef.current)) orderStale.current = true;
        const updated = new Map(update.map((row) => [row.id, row]));
        applied.current = applied.current.map((row) => updated.get(row.id) ?? row);
      }
      // The grid holds every row it held, updated; new and removed ones wait for the hold to end.
      setWaiting((held) =>
        add.length === 0 && remove.length === 0 ? NONE_HELD : held.added === add.length && held.removed === remove.length ? held : { added: add.length, removed: remove.length },
      );
      return;
    }
    applied.current = latest.current;
    setWaiting(NONE_HELD);
    if (isEmptyTransaction(transaction)) return;
    if (update.length > 0 || remove.length > 0) grid.applyTransactionAsync({ update, remove });
    for (const { index, rows } of addPositions(latest.current, add)) {
      grid.applyTransactionAsync({ add: rows, addIndex: index }, (result) => grid.flashCells({ rowNodes: result.add as IRowNode<LoadView>[] }));
    }
  }, []);

  useEffect(() => {
    onOpenRef.current = onOpen;
  }, [onOpen]);

  useEffect(() => {
    latest.current = loads;
    sync();
  }, [loads, sync]);

  useEffect(() => {
    latestContext.current = context;
    followModes();
  }, [context, followModes]);

  useEffect(() => {
    filterRef.current = filter;
    api.current?.onFilterChanged();
  }, [filter]);

  const isExternalFilterPresent = useCallback(() => isBoardFilterActive(filterRef.current), []);
  const doesExternalFilterPass = useCallback((node: IRowNode<LoadView>) => node.data !== undefined && passesBoardFilter(node.data, filterRef.current), []);

  const onGridReady = useCallback(
    (event: GridReadyEvent<LoadView>) => {
      api.current = event.api;
      // AG Grid has no option for it: the element with role=grid gets the board's name and the keys note.
      const grid = wrapper.current?.querySelector('[role="grid"], [role="treegrid"]');
      grid?.setAttribute('aria-label', 'Loads');
      grid?.setAttribute('aria-describedby', KEYS_HINT_ID);
      sync();
      followModes();
    },
    [sync, followModes],
  );

  const onModelUpdated = useCallback((event: ModelUpdatedEvent<LoadView>) => setShownRows(event.api.getDisplayedRowCount()), []);
  const [initialState] = useState<GridState>(() => ({ sort: { sortModel: initialSort.map(({ colId, sort }) => ({ colId, sort })) } }));
  const onSortChangeRef = useRef(onSortChange);
  useEffect(() => {
    onSortChangeRef.current = onSortChange;
  }, [onSortChange]);
  const onStateUpdated = useCallback((event: StateUpdatedEvent<LoadView>) => {
    if (!event.sources.includes('sort')) return;
    const model = event.state.sort?.sortModel ?? [];
    sorted.current = model.length > 0;
    onSortChangeRef.current(model.flatMap(({ colId, sort }) => (sort === 'asc' || sort === 'desc' ? [{ colId, sort }] : [])));
  }, []);

  // The place the board was scrolled to: the load at the top of the view, noted when a scroll ends, scrolled back to
  // when the board is drawn again (opening a load and coming back), wherever sort and filter have put it meanwhile.
  const onTopRowChangeRef = useRef(onTopRowChange);
  useEffect(() => {
    onTopRowChangeRef.current = onTopRowChange;
  }, [onTopRowChange]);
  const onBodyScrollEnd = useCallback((event: BodyScrollEndEvent<LoadView>) => {
    if (event.direction !== 'vertical') return;
    const top = event.api.getVerticalPixelRange().top;
    onTopRowChangeRef.current(top <= 0 ? null : (event.api.getDisplayedRowAtIndex(Math.floor(top / ROW_HEIGHT))?.id ?? null));
  }, []);
  const onFirstDataRendered = useCallback(
    (event: FirstDataRenderedEvent<LoadView>) => {
      const node = initialTopRowId ? event.api.getRowNode(initialTopRowId) : undefined;
      if (node && node.rowIndex !== null) event.api.ensureNodeVisible(node, 'top');
      // Back from a load's page: the keyboard is where it left the board (not at the page's heading, a board away).
      const back = focusRowId ? event.api.getRowNode(focusRowId) : undefined;
      if (back && back.rowIndex !== null) {
        // Where the board was scrolled to (above) is kept: the row was in view when it was opened.
        if (!node) event.api.ensureIndexVisible(back.rowIndex);
        event.api.setFocusedCell(back.rowIndex, FIRST_COLUMN);
      }
    },
    [initialTopRowId, focusRowId],
  );

  const onCellClicked = useCallback(
    (event: CellClickedEvent<LoadView>) => {
      // A click on the cell's own control (link, dialog button, status dropdown) is that control's.
      if ((event.event?.target as Element | null)?.closest(INTERACTIVE)) return;
      if (event.data) void navigate(staffLoadPath(event.data.id));
    },
    [navigate],
  );

  // The cell a keyboard user was on: Tab or Shift+Tab back into the board returns there (one Tab stop that remembers
  // its place, as a grid should), not to the first header or the last cell. Kept by row id, so a sort, a filter or a
  // pushed change that moves the row does not move the focus to another load.
  const lastCell = useRef<{ rowId: string; colId: string } | null>(null);
  const onCellFocused = useCallback((event: CellFocusedEvent<LoadView>) => {
    if (event.rowIndex === null || event.rowPinned || !event.column || typeof event.column === 'string') return;
    const rowId = event.api.getDisplayedRowAtIndex(event.rowIndex)?.id;
    if (rowId) lastCell.current = { rowId, colId: event.column.getColId() };
  }, []);
  const focusLastCell = useCallback(({ api }: FocusGridInnerElementParams<LoadView>) => {
    const last = lastCell.current;
    const rowIndex = last ? api.getRowNode(last.rowId)?.rowIndex : null;
    if (!last || rowIndex === null || rowIndex === undefined) return false;
    api.ensureIndexVisible(rowIndex);
    api.setFocusedCell(rowIndex, last.colId);
    return true;
  }, []);

  const onCellKeyDown = useCallback(
    (event: CellKeyDownEvent<LoadView>) => {
      const keyboard = event.event as KeyboardEvent | null | undefined;
      const cell = keyboard?.target as HTMLElement | null;
      // Escape in the status dropdown: a draft is put back by the dropdown's own handler, which takes the key
      // (preventDefault); with none, back to the cell.
      if (keyboard?.key === 'Escape' && cell instanceof HTMLSelectElement) {
        if (!keyboard.defaultPrevented) cell.closest<HTMLElement>('.ag-cell')?.focus();
        return;
      }
      if (keyboard?.key !== 'Enter' || !cell?.classList.contains('ag-cell')) return;
      const control = cell.querySelector<HTMLElement>(INTERACTIVE);
      if (control instanceof HTMLSelectElement) control.focus();
      else if (control) control.click();
      else if (event.data) void navigate(staffLoadPath(event.data.id));
    },
    [navigate],
  );

  // Tab and Shift+Tab from anywhere in the board (a header, a cell, a cell's link, button or dropdown) go to the page's
  // Tab stop just after or before it, taken before AG Grid sees the key (it skips a key whose default is prevented).
  // Left to AG Grid, a cell focused other than by its own keyboard handling (by script, as assistive technology may
  // move it) now and then let the browser move the focus to the row element or to the link in the cell before it.
  // With no Tab stop after the board (the page's last), Tab is left to AG Grid (tabToNextCell), which lets the focus go
  // on to the browser's own controls.
  const leaveOnTabKey = useCallback((event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey || !wrapper.current) return;
    if (tabOutOf(wrapper.current, event.shiftKey)) event.preventDefault();
  }, []);

  // Home and End on a cell keep to its row, Ctrl+Home and Ctrl+End go to the board's first and last cell (the ARIA
  // grid pattern, which assistive technology announces). AG Grid's Home and End go to the first and last row in the
  // same column: a keyboard user on the fifth load who pressed Home, then the status dropdown, changed the first load.
  const homeEndKey = useCallback((event: ReactKeyboardEvent<HTMLDivElement>) => {
    if ((event.key !== 'Home' && event.key !== 'End') || event.altKey || event.shiftKey) return;
    const grid = api.current;
    const target = event.target as HTMLElement;
    const focused = grid?.getFocusedCell();
    if (!grid || !focused || !target.classList.contains('ag-cell')) return;
    const rows = grid.getDisplayedRowCount();
    if (rows === 0) return;
    const toEnd = event.key === 'End';
    const rowIndex = event.ctrlKey || event.metaKey ? (toEnd ? rows - 1 : 0) : focused.rowIndex;
    // Every column is shown to every tier, in this order (no column API module is loaded for a list of them).
    const column = toEnd ? LAST_COLUMN : FIRST_COLUMN;
    event.preventDefault();
    grid.ensureIndexVisible(rowIndex);
    grid.ensureColumnVisible(column);
    grid.setFocusedCell(rowIndex, column);
  }, []);

  const boardKeys = useCallback((event: ReactKeyboardEvent<HTMLDivElement>) => {
    leaveOnTabKey(event);
    homeEndKey(event);
  }, [leaveOnTabKey, homeEndKey]);

  const pointerInside = useRef(false);
  const followHold = useCallback(() => {
    const element = wrapper.current;
    // The keyboard's focus holds it (a cell focused with the keys, :focus-visible); a click's focus does not, or a
    // board once clicked would hold its order until the user clicked elsewhere.
    const focused = document.activeElement;
    const hold = pointerInside.current || (element !== null && focused !== null && element.contains(focused) && focused.matches(':focus-visible'));
    if (hold === holding.current) return;
    holding.current = hold;
    if (hold) return;
    // The loads that came and went meanwhile, then the order.
    sync();
    if (orderStale.current) {
      orderStale.current = false;
      api.current?.refreshClientSideRowModel('filter');
    }
  }, [sync]);

  // The body grows with its rows up to the viewport less 200 px, then scrolls.
  const bodyHeight = Math.max(shownRows, MIN_BODY_ROWS) * ROW_HEIGHT + BODY_SLACK;

  return (
    <div
      ref={wrapper}
      onKeyDownCapture={boardKeys}
      // Over the rows, not the column headers: a header is clicked to re-sort, and nothing there moves.
      onPointerOver={(event) => {
        pointerInside.current = !(event.target instanceof Element && event.target.closest('.ag-header'));
        followHold();
      }}
      onPointerLeave={() => {
        pointerInside.current = false;
        followHold();
      }}
      onFocus={followHold}
      // After the blur, the new focus is known (activeElement is the body during it).
      onBlur={() => setTimeout(followHold)}
      className="staff-loads-grid"
      role="region"
      aria-label="Loads"
      style={{ height: `calc(${HEADER_HEIGHT}px + min(100vh - 200px, ${bodyHeight}px))` }}
    >
      {/* Over the board, not above it: a note that pushed the board down would move the rows it holds still. */}
      <p className={`board-held-note${waiting === NONE_HELD ? ' is-empty' : ''}`} role="status">
        {heldNote(waiting)}
      </p>
      <p id={KEYS_HINT_ID} className="visually-hidden">
        Arrow keys move between cells, Home and End to the row&apos;s first and last cell, Control with Home or End to the table&apos;s first and last cell, Enter uses the cell&apos;s link or button, and Tab leaves the table.
      </p>
      <AgGridReact<LoadView>
        theme={boardTheme}
        rowData={initialRows}
        columnDefs={COLUMNS}
        defaultColDef={DEFAULT_COLUMN}
        getRowId={rowIdOf}
        context={context}
        loading={false}
        overlayComponentParams={OVERLAY_TEXTS}
        isExternalFilterPresent={isExternalFilterPresent}
        doesExternalFilterPass={doesExternalFilterPass}
        asyncTransactionWaitMillis={60}
        cellFlashDuration={900}
        cellFadeDuration={900}
        onGridReady={onGridReady}
        onFirstDataRendered={onFirstDataRendered}
        onBodyScrollEnd={onBodyScrollEnd}
        onModelUpdated={onModelUpdated}
        initialState={initialState}
        onStateUpdated={onStateUpdated}
        onCellClicked={onCellClicked}
        onCellKeyDown={onCellKeyDown}
        onCellFocused={onCellFocused}
        focusGridInnerElement={focusLastCell}
        tabToNextCell={leaveOnTab}
        tabToNextHeader={leaveOnTab}
      />
    </div>
  );
}
