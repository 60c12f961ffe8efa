import { type FormEvent, useId, useMemo, useState } from 'react';
import type { LoadView } from '@portal/domain/loads/view';
import { LOAD_PERMISSION_MESSAGES } from '@portal/domain/permissions';
import { useOneAtATime } from '../../../lib/one-at-a-time';
import { useToast } from '../../../lib/toast-context';
import { useUpdateLoad } from '../../loads/api/update-load';
import { errorText, LOAD_MESSAGES } from '../../loads/utils/load-messages';
import { useVendorPicker } from '../api/get-vendor-picker';
import { ASSIGN_VENDOR_MESSAGES, assignmentFailedToast } from '../utils/staff-load-messages';
import { vendorChoices } from '../utils/vendor-choices';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

/** Picks a vendor for the load (ADMIN, DISPATCH_OPS); the answer is the load with its new vendor. */
export function AssignVendorBox({ load, canAssign }: { load: LoadView; canAssign: boolean }) {
  const id = useId();
  const toast = useToast();
  const picker = useVendorPicker(canAssign);
  const update = useUpdateLoad(load.id);
  const once = useOneAtATime();
  const [vendor, setVendor] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const choices = useMemo(() => (picker.data ? vendorChoices(picker.data) : undefined), [picker.data]);

  function assign(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    if (vendor === '') {
      setOutcome({ kind: 'error', text: LOAD_MESSAGES.vendorRequired });
      return;
    }
    if (!once.begin()) return;
    setOutcome(null);
    update.mutate(
      { vendor },
      {
        onSettled: once.end,
        onSuccess: () => {
          setVendor('');
          setOutcome({ kind: 'success', text: ASSIGN_VENDOR_MESSAGES.assigned });
        },
        onError: (error) => {
          const text = errorText(error) ?? ASSIGN_VENDOR_MESSAGES.failed;
          setOutcome({ kind: 'error', text });
          toast.error(assignmentFailedToast(text));
        },
      },
    );
  }

  return (
    <section className="card assign-vendor-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Assign Vendor</h2>
      <p className="assign-vendor-current">
        Current: <strong>{load.vendor_name ?? ASSIGN_VENDOR_MESSAGES.notAssigned}</strong>
      </p>
      {canAssign ? (
        <form className="assign-vendor-form" onSubmit={assign} noValidate>
          <label htmlFor={`${id}-vendor`} className="visually-hidden">
            Vendor
          </label>
          <select
            id={`${id}-vendor`}
            value={vendor}
            disabled={choices === undefined || update.isPending}
            aria-invalid={outcome?.kind === 'error' && vendor === '' ? true : undefined}
            onChange={(event) => {
              setVendor(event.target.value);
              setOutcome(null);
            }}
          >
            <option value="">{choices === undefined ? (picker.isError ? 'Vendors could not be loaded' : 'Loading vendors...') : 'Select a vendor'}</option>
            {choices?.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {update.isPending ? 'Assigning...' : 'Assign Vendor'}
          </button>
        </form>
      ) : (
        <p className="muted">{LOAD_PERMISSION_MESSAGES.assign_vendor}</p>
      )}
      {outcome && (
        <p className={outcome.kind === 'success' ? 'assign-vendor-success' : 'field-error'} role={outcome.kind === 'success' ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </section>
  );
}
