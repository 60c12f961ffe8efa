import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import type { LoadView } from '@portal/domain/loads/view';
import { LOAD_PERMISSION_MESSAGES } from '@portal/domain/permissions';
import { BusyButton } from '../../../components/busy-button';
import { useFocusKeptIn } from '../../../lib/focus';
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
  // The form taken away under the focus (a tier change that may no longer assign): the box keeps it.
  const box = useRef<HTMLElement>(null);
  useFocusKeptIn(box);
  const choices = useMemo(() => (picker.data ? vendorChoices(picker.data) : undefined), [picker.data]);
  // Refused for want of a vendor: the select is marked and described by the error (not so for a server's refusal).
  const vendorRefused = outcome?.kind === 'error' && vendor === '';

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
    <section ref={box} className="card assign-vendor-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Assign Vendor</h2>
      <p className="assign-vendor-current">
        Current: <strong>{load.vendor_name ?? ASSIGN_VENDOR_MESSAGES.notAssigned}</strong>
      </p>
      {canAssign ? (
        <form className="assign-vendor-form" onSubmit={assign} noValidate>
          <label htmlFor={`${id}-vendor`} className="visually-hidden">
            Vendor
          </label>
          {/*
           * While it assigns, the select and the button keep the keyboard focus (disabled, they dropped it to the page)
           * and take no changes: a select has no native read-only state, so it is marked aria-readonly.
           */}
          <select
            id={`${id}-vendor`}
            value={vendor}
            disabled={choices === undefined}
            aria-readonly={update.isPending || undefined}
            aria-invalid={vendorRefused || undefined}
            aria-describedby={vendorRefused ? `${id}-outcome` : undefined}
            onChange={(event) => {
              if (update.isPending) return;
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
          <BusyButton type="submit" className="button button-primary" busy={update.isPending}>
            {update.isPending ? 'Assigning...' : 'Assign Vendor'}
          </BusyButton>
        </form>
      ) : (
        <p className="muted">{LOAD_PERMISSION_MESSAGES.assign_vendor}</p>
      )}
      {/*
       * Both regions are on the page before anything is said in them: a live region added with its text already in it
       * is not read, so "Vendor assigned successfully!" went unsaid.
       */}
      <p id={outcome?.kind === 'success' ? `${id}-outcome` : undefined} className={outcome?.kind === 'success' ? 'assign-vendor-success' : 'visually-hidden'} role="status">
        {outcome?.kind === 'success' ? outcome.text : ''}
      </p>
      <p id={outcome?.kind === 'error' ? `${id}-outcome` : undefined} className={outcome?.kind === 'error' ? 'field-error' : 'visually-hidden'} role="alert">
        {outcome?.kind === 'error' ? outcome.text : ''}
      </p>
    </section>
  );
}
