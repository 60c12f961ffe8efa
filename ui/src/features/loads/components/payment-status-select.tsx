import { useId } from 'react';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, type PaymentStatus } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { StatusBadge } from '../../../components/status-badge';
import { useToast } from '../../../lib/toast-context';
import { useUpdateLoad } from '../api/update-load';
import { useCommittedSelect } from '../hooks/use-committed-select';
import { useFlash } from '../hooks/use-flash';
import { errorText, LOAD_MESSAGES, paidShortNotice, paymentStatusUpdated } from '../utils/load-messages';
import { PAYMENT_STATUS_TONES } from '../utils/status-tones';
import { CommittedSelect } from './committed-select';
import { SaveFeedback } from './save-feedback';

/** Any payment status may be chosen; it shows at once and reverts if the server refuses. `readOnly` shows a badge. */
export function PaymentStatusSelect({ load, readOnly = false }: { load: LoadView; readOnly?: boolean }) {
  const id = useId();
  const toast = useToast();
  const update = useUpdateLoad(load.id, { seen: load });
  const { flash, saving, succeeded, failed } = useFlash();
  // Arrow keys only draft a value; Enter saves it (see use-committed-select); the select keeps the focus meanwhile.
  const select = useCommittedSelect<PaymentStatus>({
    saved: load.payment_status,
    save: (next) => {
      saving();
      return update.mutateAsync({ payment_status: next }).then(
        (answer) => {
          succeeded();
          toast.success(paymentStatusUpdated(answer.payment_status));
        },
        (error: unknown) => {
          const message = errorText(error) ?? LOAD_MESSAGES.paymentStatusFailed;
          failed(message);
          toast.error(message);
        },
      );
    },
  });

  if (readOnly) {
    return (
      <div className="inline-control" role="group" aria-labelledby={id}>
        <span id={id} className="inline-control-label">
          Payment Status
        </span>
        <div className="inline-control-row">
          <StatusBadge tone={PAYMENT_STATUS_TONES[load.payment_status]}>{PAYMENT_STATUS_LABELS[load.payment_status]}</StatusBadge>
        </div>
        <PaidShort load={load} />
      </div>
    );
  }

  return (
    <div className="inline-control">
      <label htmlFor={id}>Payment Status</label>
      <div className="inline-control-row">
        <CommittedSelect id={id} select={select} values={PAYMENT_STATUSES} labels={PAYMENT_STATUS_LABELS} tones={PAYMENT_STATUS_TONES} />
        <SaveFeedback flash={flash} />
      </div>
      <PaidShort load={load} />
    </div>
  );
}

/** The load as saved, not the value being chosen: marked Paid with less than its rate recorded as paid (paidShortNotice). */
function PaidShort({ load }: { load: LoadView }) {
  const notice = paidShortNotice(load);
  return notice ? <p className="field-notice inline-control-note">{notice}</p> : null;
}
