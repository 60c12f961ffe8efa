import { type FormEvent, useId, useRef, useState } from 'react';
import type { LoadView } from '@portal/domain/loads/view';
import { Modal } from '../../../components/modal';
import { useOneAtATime } from '../../../lib/one-at-a-time';
import { formatListDateTime, timeZoneNotice } from '../../../lib/format-date';
import { loadChangedMeanwhile, useUpdateLoad } from '../api/update-load';
import { errorText } from '../utils/load-messages';
import {
  DATE_DIALOG_BAD_DATE,
  DATE_DIALOG_CLEARS,
  DATE_DIALOG_TIME_HINT,
  DATE_DIALOG_TITLES,
  dateChangedMeanwhile,
  dateDialogInitial,
  dateDialogValue,
  dateNotSaved,
  dateOrderNotice,
  type LoadDateField,
} from '../utils/date-dialog';

interface LoadDateDialogProps {
  load: LoadView;
  field: LoadDateField;
  onClose(): void;
}

export function LoadDateDialog({ load, field, onClose }: LoadDateDialogProps) {
  const id = useId();
  const [initial] = useState(() => dateDialogInitial(load[field]));
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [error, setError] = useState<string | null>(null);
  const dateInput = useRef<HTMLInputElement>(null);
  // The load as this dialog knows it: the one it opened on, with what a refusal said someone else set meanwhile (the
  // dialog may have been handed a copy that does not follow the caches).
  const [seen, setSeen] = useState(load);
  const update = useUpdateLoad(load.id, { seen });
  const once = useOneAtATime();
  const clears = date.trim() !== '' && time.trim() === '';
  const entered = dateDialogValue(date, time, load[field]);
  const orderNotice = entered.ok ? dateOrderNotice(field, entered.value, load[field === 'pickup_date' ? 'delivery_date' : 'pickup_date']) : null;

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The date input reports no value while it holds something that is not a day (Feb 30): not the same as no date.
    if (dateInput.current?.validity.badInput) {
      setError(DATE_DIALOG_BAD_DATE);
      return;
    }
    if (!entered.ok) {
      setError(entered.error);
      return;
    }
    if (!once.begin()) return;
    update.mutate(
      { [field]: entered.value },
      {
        onSettled: once.end,
        onSuccess: onClose,
        onError: (failure) => {
          // Someone else set this date while the dialog was open: said here, the dialog kept open (the page shows the
          // date now), and a second Save replaces it. Not a failure the spec knows.
          const now = loadChangedMeanwhile(failure);
          if (now && field in now) {
            setSeen((before) => ({ ...before, ...now }));
            setError(dateChangedMeanwhile(now[field] ? formatListDateTime(now[field]) : ''));
            return;
          }
          // The spec logs a failed date update; it is said here as well, the dialog kept open with what was typed.
          console.error(`Failed to update ${field} of load ${load.id}`, failure);
          setError(dateNotSaved(errorText(failure)));
        },
      },
    );
  }

  return (
    <Modal open size="sm" title={DATE_DIALOG_TITLES[field]} onClose={onClose}>
      <form className="date-dialog-form" onSubmit={save} noValidate>
        <div className="form-field">
          <label htmlFor={`${id}-date`}>
            Date
            <span className="required-marker" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <input
            ref={dateInput}
            id={`${id}-date`}
            type="date"
            required
            value={date}
            aria-invalid={error !== null || undefined}
            aria-describedby={[error && `${id}-error`, orderNotice && `${id}-order`].filter(Boolean).join(' ') || undefined}
            onChange={(event) => {
              setDate(event.target.value);
              setError(null);
            }}
          />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-time`}>Time</label>
          <input
            id={`${id}-time`}
            type="time"
            value={time}
            aria-describedby={`${id}-hint ${id}-zone`}
            onChange={(event) => setTime(event.target.value)}
          />
          {/* The spec's hint, except while a date has no time: then it would promise the opposite of what Save does. */}
          {clears ? (
            <p id={`${id}-hint`} className="field-notice">
              {DATE_DIALOG_CLEARS}
            </p>
          ) : (
            <p id={`${id}-hint`} className="field-hint">
              {DATE_DIALOG_TIME_HINT}
            </p>
          )}
          {/* Stored as an instant: a carrier in another zone sees the same moment at its own clock time. */}
          <p id={`${id}-zone`} className="field-hint">
            {timeZoneNotice(date)}
          </p>
        </div>
        {orderNotice && (
          <p id={`${id}-order`} className="field-notice" role="status">
            {orderNotice}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
