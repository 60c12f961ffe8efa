import { useId, useState } from 'react';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, type PaymentStatus } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { StatusBadge } from '../../../components/status-badge';
import { useToast } from '../../../lib/toast-context';
import { useUpdateLoad } from '../api/update-load';
import { useFlash } from '../hooks/use-flash';
import { errorText, LOAD_MESSAGES, paymentStatusUpdated } from '../utils/load-messages';
import { PAYMENT_STATUS_TONES } from '../utils/status-tones';
import { SaveFeedback } from './save-feedback';

/** Any payment status may be chosen; it shows at once and reverts if the server refuses. `readOnly` shows a badge. */
export function PaymentStatusSelect({ load, readOnly = false }: { load: LoadView; readOnly?: boolean }) {
  const id = useId();
  const toast = useToast();
  const update = useUpdateLoad(load.id);
  const { flash, saving, succeeded, failed } = useFlash();
  const [chosen, setChosen] = useState<PaymentStatus | null>(null);
  const shown = chosen ?? load.payment_status;

  function change(next: PaymentStatus) {
    if (next === shown) return;
    setChosen(next);
    saving();
    update.mutate(
      { payment_status: next },
      {
        onSuccess: (answer) => {
          setChosen(null);
          succeeded();
          toast.success(paymentStatusUpdated(answer.payment_status));
        },
        onError: (error) => {
          setChosen(null);
          const message = errorText(error) ?? LOAD_MESSAGES.paymentStatusFailed;
          failed(message);
          toast.error(message);
        },
      },
    );
  }

  if (readOnly) {
    return (
      <div className="inline-control" role="group" aria-labelledby={id}>
        <span id={id} className="inline-control-label">
          Payment Status
        </span>
        <div className="inline-control-row">
          <StatusBadge tone={PAYMENT_STATUS_TONES[load.payment_status]}>{PAYMENT_STATUS_LABELS[load.payment_status]}</StatusBadge>
        </div>
      </div>
    );
  }

  return (
    <div className="inline-control">
      <label htmlFor={id}>Payment Status</label>
      <div className="inline-control-row">
        <select
          id={id}
          className={`status-select status-${PAYMENT_STATUS_TONES[shown]}`}
          value={shown}
          disabled={update.isPending}
          onChange={(event) => change(event.target.value as PaymentStatus)}
        >
          {PAYMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PAYMENT_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
        <SaveFeedback flash={flash} />
      </div>
    </div>
  );
}
