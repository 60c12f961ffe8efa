import { LOAD_STATUS_LABELS, LOAD_STATUSES, type LoadStatus } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { useToast } from '../../../lib/toast-context';
import { useUpdateLoad } from '../../loads/api/update-load';
import { CommittedSelect } from '../../loads/components/committed-select';
import { useCommittedSelect } from '../../loads/hooks/use-committed-select';
import { errorText, LOAD_MESSAGES, statusUpdated } from '../../loads/utils/load-messages';
import { LOAD_STATUS_TONES } from '../../loads/utils/status-tones';

/**
 * Changes the status from the row: shown at once, reverted if the server refuses. Arrow keys only draft a value;
 * Enter saves it (see use-committed-select), and the select keeps the focus while it saves.
 */
export function StatusCellSelect({ load }: { load: LoadView }) {
  const toast = useToast();
  const update = useUpdateLoad(load.id, { seen: load });
  const select = useCommittedSelect<LoadStatus>({
    saved: load.status,
    save: (next) =>
      update.mutateAsync({ status: next }).then(
        (answer) => toast.success(statusUpdated(answer.status)),
        (error: unknown) => toast.error(errorText(error) ?? LOAD_MESSAGES.statusFailed),
      ),
  });

  return (
    <CommittedSelect
      select={select}
      values={LOAD_STATUSES}
      labels={LOAD_STATUS_LABELS}
      tones={LOAD_STATUS_TONES}
      className="status-cell-select"
      aria-label={`Status of ${load.kdt_id}`}
    />
  );
}
