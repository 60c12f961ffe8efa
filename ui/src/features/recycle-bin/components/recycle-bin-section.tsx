import { type ReactNode, useId, useMemo } from 'react';
import { formatAuditTime } from '../../history/utils/audit-format';
import {
  byDeletedAtDesc,
  type DeletedLoad,
  type DeletedStaff,
  type DeletedVendor,
  deletedByLabel,
  RECYCLE_SECTIONS,
  type RecycleBin,
  type RecycleKind,
  RECYCLE_HISTORY_ID,
  recordName,
} from '../utils/recycle-bin';

type Row = DeletedLoad | DeletedVendor | DeletedStaff;

const orDash = (value: string | null | undefined): ReactNode => (value && value.trim() ? value : <span className="rb-muted">—</span>);

// The columns before "Deleted By" and "Deleted At", per kind. Names (`rb-name`) may be one long word: they wrap.
const RECORD_COLUMNS: Record<RecycleKind, { header: string; className?: string; cell(row: Row): ReactNode }[]> = {
  loads: [
    { header: 'Load ID', cell: (row) => <strong>{(row as DeletedLoad).kdt_id}</strong> },
    { header: 'Vendor', className: 'rb-name', cell: (row) => orDash((row as DeletedLoad).vendor_name) },
  ],
  vendors: [
    { header: 'Name', className: 'rb-name', cell: (row) => <strong>{orDash((row as DeletedVendor).name)}</strong> },
    { header: 'Username', className: 'rb-name', cell: (row) => (row as DeletedVendor).username },
  ],
  staff: [
    { header: 'Username', className: 'rb-name', cell: (row) => <strong>{(row as DeletedStaff).username}</strong> },
    { header: 'Name', className: 'rb-name', cell: (row) => orDash((row as DeletedStaff).name) },
  ],
};

interface RecycleBinSectionProps {
  kind: RecycleKind;
  bin: RecycleBin;
  /** The record whose history is open on the page, if any. */
  historyOpenFor?: string | null;
  onHistory(kind: RecycleKind, id: string, name: string): void;
  onRestore(kind: RecycleKind, id: string, name: string): void;
}

/** One kind of deleted record, most recently deleted first, each with its History and a Restore button. */
export function RecycleBinSection({ kind, bin, historyOpenFor = null, onHistory, onRestore }: RecycleBinSectionProps) {
  const headingId = useId();
  const { title, empty, noun } = RECYCLE_SECTIONS[kind];
  const rows = useMemo(() => byDeletedAtDesc<Row>(bin[kind]), [bin, kind]);
  const columns = RECORD_COLUMNS[kind];

  return (
    <section className="card rb-section" aria-labelledby={headingId}>
      <header className="rb-section-header">
        {/* Focusable from script: where the focus goes when the section's last row is restored. */}
        <h2 id={headingId} tabIndex={-1} data-recycle-heading={kind}>
          {title}
        </h2>
        <span className="rb-count">{rows.length}</span>
      </header>
      {rows.length === 0 ? (
        <p className="rb-empty">{empty}</p>
      ) : (
        <div className="rb-table-scroll">
          <table role="table" className="rb-table cards-on-phone cards-stacked cards-hide-head" aria-label={`Deleted ${title.toLowerCase()}`}>
            <thead role="rowgroup">
              <tr role="row">
                {columns.map((column) => (
                  <th role="columnheader" key={column.header} scope="col">
                    {column.header}
                  </th>
                ))}
                <th role="columnheader" scope="col">Deleted By</th>
                <th role="columnheader" scope="col">Deleted At</th>
                <th role="columnheader" scope="col" className="rb-actions-col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {rows.map((row) => {
                const name = recordName(kind, row);
                return (
                  <tr role="row" key={row.id}>
                    {columns.map((column) => (
                      <td role="cell" key={column.header} className={column.className} data-label={column.header}>
                        {column.cell(row)}
                      </td>
                    ))}
                    <td role="cell" data-label="Deleted By">
                      {deletedByLabel(row.deleted_by)}
                    </td>
                    <td role="cell" className="rb-nowrap" data-label="Deleted At">
                      {row.deleted_at ? <time dateTime={row.deleted_at}>{formatAuditTime(row.deleted_at)}</time> : <span className="rb-muted">—</span>}
                    </td>
                    <td role="cell" className="rb-actions-col">
                      <button
                        type="button"
                        className="button button-secondary rb-history-button"
                        aria-label={`History of ${noun.toLowerCase()} ${name}`}
                        aria-expanded={historyOpenFor === row.id}
                        aria-controls={historyOpenFor === row.id ? RECYCLE_HISTORY_ID : undefined}
                        data-history={`${kind}:${row.id}`}
                        onClick={() => onHistory(kind, row.id, name)}
                      >
                        History
                      </button>
                      <button
                        type="button"
                        className="button button-secondary rb-restore"
                        aria-label={`Restore ${noun.toLowerCase()} ${name}`}
                        data-restore={`${kind}:${row.id}`}
                        onClick={() => onRestore(kind, row.id, name)}
                      >
                        Restore
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
