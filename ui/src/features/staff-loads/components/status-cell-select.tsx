import { useState } from 'react';
import { LOAD_STATUS_LABELS, LOAD_STATUSES, type LoadStatus } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { useToast } from '../../../lib/toast-context';
import { useUpdateLoad } from '../../loads/api/update-load';
import { errorText, LOAD_MESSAGES, statusUpdated } from '../../loads/utils/load-messages';
import { LOAD_STATUS_TONES } from '../../loads/utils/status-tones';

/** Changes the status from the row: shown at once, reverted if the server refuses. */
export function StatusCellSelect({ load }: { load: LoadView }) {
  const toast = useToast();
  const update = useUpdateLoad(load.id);
  const [chosen, setChosen] = useState<LoadStatus | null>(null);
  const shown = chosen ?? load.status;

  function change(next: LoadStatus) {
    if (next === shown) return;
    setChosen(next);
    update.mutate(
      { status: next },
      {
        onSuccess: (answer) => {
          setChosen(null);
          toast.success(statusUpdated(answer.status));
        },
        onError: (error) => {
          setChosen(null);
          toast.error(errorText(error) ?? LOAD_MESSAGES.statusFailed);
        },
      },
    );
  }

  return (
    <select
      className={`status-select status-cell-select status-${LOAD_STATUS_TONES[shown]}`}
      aria-label={`Status of ${load.kdt_id}`}
      value={shown}
      disabled={update.isPending}
      onChange={(event) => change(event.target.value as LoadStatus)}
    >
      {LOAD_STATUSES.map((status) => (
        <option key={status} value={status}>
          {LOAD_STATUS_LABELS[status]}
        </option>
      ))}
    </select>
  );
}
