import { LOAD_STATUS_LABELS, LOAD_STATUSES, type LoadStatus } from '@portal/domain/loads/fields';
import { LOAD_STATUS_TONES } from '../utils/status-tones';

interface StatusFilterChipsProps {
  selected: ReadonlySet<LoadStatus>;
  onChange(next: ReadonlySet<LoadStatus>): void;
}

/** One toggle per status, all on at first; a load shows when its status is on. */
export function StatusFilterChips({ selected, onChange }: StatusFilterChipsProps) {
  function toggle(status: LoadStatus) {
    const next = new Set(selected);
    if (next.has(status)) next.delete(status);
    else next.add(status);
    onChange(next);
  }
  return (
    <div className="status-chips" role="group" aria-label="Filter by status">
      {LOAD_STATUSES.map((status) => (
        <button
          key={status}
          type="button"
          className={`status-chip status-${LOAD_STATUS_TONES[status]}`}
          aria-pressed={selected.has(status)}
          onClick={() => toggle(status)}
        >
          {LOAD_STATUS_LABELS[status]}
        </button>
      ))}
    </div>
  );
}
