import { useId } from 'react';
import { LOAD_STATUS_LABELS, LOAD_STATUSES, type LoadStatus } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { StatusBadge } from '../../../components/status-badge';
import { useToast } from '../../../lib/toast-context';
import { useUpdateLoad } from '../api/update-load';
import { useCommittedSelect } from '../hooks/use-committed-select';
import { useFlash } from '../hooks/use-flash';
import { errorText, LOAD_MESSAGES, statusUpdated } from '../utils/load-messages';
import { LOAD_STATUS_TONES } from '../utils/status-tones';
import { CommittedSelect } from './committed-select';
import { SaveFeedback } from './save-feedback';

/** Any status may be chosen; it shows at once and reverts if the server refuses. `readOnly` shows it as a badge. */
export function LoadStatusChanger({ load, readOnly = false }: { load: LoadView; readOnly?: boolean }) {
  const id = useId();
  const toast = useToast();
  const update = useUpdateLoad(load.id, { seen: load });
  const { flash, succeeded, failed } = useFlash();
  // The server sets the pickup (delivery) date to now when picked up (delivered) without one; the answer has it.
  // Arrow keys only draft a value; Enter saves it (see use-committed-select); the select keeps the focus meanwhile.
  const select = useCommittedSelect<LoadStatus>({
    saved: load.status,
    save: (next) =>
      update.mutateAsync({ status: next }).then(
        (answer) => {
          succeeded();
          toast.success(statusUpdated(answer.status));
        },
        (error: unknown) => {
          const message = errorText(error) ?? LOAD_MESSAGES.statusFailed;
          failed(message);
          toast.error(message);
        },
      ),
  });

  if (readOnly) {
    return (
      <div className="inline-control" role="group" aria-labelledby={id}>
        <span id={id} className="inline-control-label">
          Status
        </span>
        <div className="inline-control-row">
          <StatusBadge tone={LOAD_STATUS_TONES[load.status]}>{LOAD_STATUS_LABELS[load.status]}</StatusBadge>
        </div>
      </div>
    );
  }

  return (
    <div className="inline-control">
      <label htmlFor={id}>Status</label>
      <div className="inline-control-row">
        <CommittedSelect id={id} select={select} values={LOAD_STATUSES} labels={LOAD_STATUS_LABELS} tones={LOAD_STATUS_TONES} />
        <SaveFeedback flash={flash} />
      </div>
    </div>
  );
}
