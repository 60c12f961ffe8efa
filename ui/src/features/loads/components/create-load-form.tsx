import { type FormEvent, useId, useRef, useState } from 'react';
import { LOAD_NUMBER_PREFIX } from '@portal/domain/loads/fields';
import { BusyButton } from '../../../components/busy-button';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { DRAFT_RESTORED, useDraft, useRestoredDraft } from '../../../lib/drafts';
import { newRequestKey } from '../../../lib/request-key';
import { useFocusFirstInvalidField, useReturnFocusOnUnmount } from '../../../lib/focus';
import { useOneAtATime } from '../../../lib/one-at-a-time';
import { useToast } from '../../../lib/toast-context';
import { useCreateLoad } from '../api/create-load';
import { useLoadIdAvailability } from '../hooks/use-load-id-availability';
import {
  buildCreateLoadBody,
  createLoadDateOrderNotice,
  type CreateLoadForm as FormState,
  type CreateLoadFormErrors,
  emptyCreateLoadForm,
} from '../utils/create-load-form';
import { AVAILABILITY_MESSAGES, canCreateWith, refusedAsTaken } from '../utils/load-id-availability';
import { createLoadErrorMessage, LOAD_MESSAGES } from '../utils/load-messages';
import { formatMmDdYyyy } from '../../../lib/format-date';

type TextField = Exclude<keyof FormState, 'withDetails'>;

/** The dates' format: their placeholder, and said with them (the placeholder goes with the first key typed). */
const DATE_FORMAT = 'MM-DD-YYYY';
/** `date`: typed as MM-DD-YYYY (eight digits get their dashes). */
const DETAIL_FIELDS: Array<{ name: TextField; label: string; placeholder?: string; date?: true; inputMode?: 'numeric' | 'decimal' }> = [
  { name: 'pickupZip', label: 'Pickup Zip', inputMode: 'numeric' },
  { name: 'pickupDate', label: 'Pickup Date', placeholder: DATE_FORMAT, date: true, inputMode: 'numeric' },
  { name: 'deliveryZip', label: 'Delivery Zip', inputMode: 'numeric' },
  { name: 'deliveryDate', label: 'Delivery Date', placeholder: DATE_FORMAT, date: true, inputMode: 'numeric' },
  { name: 'rateAmount', label: 'Rate Amount ($)', placeholder: '0.00', inputMode: 'decimal' },
];

/** A vendor a load can be created for, as the picker lists it. */
export interface VendorChoice {
  /** The vendor profile id the API takes as `vendor`. */
  id: string;
  label: string;
}

interface CreateLoadFormProps {
  onClose(): void;
  /** Staff create loads for a vendor they must pick; undefined choices while the picker loads. Vendors omit it. */
  vendorPicker?: { choices: readonly VendorChoice[] | undefined; failed: boolean };
}

/** The New Load form's draft (lib/drafts.ts): its page opens the form again when there is one. */
export const CREATE_LOAD_DRAFT = 'create-load';

/** The inline 'New Load' form: a load number checked live, the vendor when staff create it, optionally the first details. */
export function CreateLoadForm({ onClose, vendorPicker }: CreateLoadFormProps) {
  const id = useId();
  const toast = useToast();
  const create = useCreateLoad();
  const once = useOneAtATime();
  // What was typed when the session ended under the form, if it did (lib/drafts.ts).
  const draft = useRestoredDraft<FormState>(CREATE_LOAD_DRAFT);
  const [form, setForm] = useState<FormState>(() => ({ ...emptyCreateLoadForm(), ...draft }));
  const [errors, setErrors] = useState<CreateLoadFormErrors>({});
  const requestKey = useRef<{ content: string; key: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { availability, formatError, markTaken } = useLoadIdAvailability(form.loadNumber);
  // Cancel (or a load created) closes the form: the focus goes back to 'New Load', not to <body>.
  useReturnFocusOnUnmount();
  const formRef = useRef<HTMLFormElement>(null);
  // A refused Create puts the focus on the first field that says why.
  const focusFirstInvalid = useFocusFirstInvalidField(formRef);

  const set = <K extends keyof FormState>(name: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    attempt();
  }

  /**
   * Create, pressed or Enter in a field. Create is refused while the id is being checked or is taken (the spec's
   * "disabled"), but stays focusable, and a refused press still says why: the field's errors, and for a taken id
   * 'Please enter an available Load Number.' (its rule: the id must not be taken). While the check runs, the live
   * 'Checking availability...' line is the answer.
   */
  function attempt() {
    if (create.isPending) return;
    setFailure(null);
    const built = buildCreateLoadBody(form, { requireVendor: vendorPicker !== undefined });
    if (built.errors) {
      setErrors(built.errors);
      focusFirstInvalid();
      return;
    }
    if (availability === 'checking') return;
    if (availability !== 'available' && availability !== 'error') {
      // The focus stays where it was (Create, or the field): the id is checked again as it is retyped.
      setErrors({ loadNumber: LOAD_MESSAGES.loadNumberUnavailable });
      return;
    }
    if (!once.begin()) return;
    // One key per form content: a retry of the same form (its answer lost) is the same creation; a changed form is a new one.
    const content = JSON.stringify(built.body);
    if (requestKey.current?.content !== content) requestKey.current = { content, key: newRequestKey() };
    create.mutate({ body: built.body, key: requestKey.current.key }, {
      onSettled: once.end,
      onSuccess: (load) => {
        toast.success(`Load ${load.kdt_id} created.`);
        onClose();
      },
      onError: (error) => {
        setFailure(createLoadErrorMessage(error));
        // Taken between the check and Create: the availability line must not keep saying 'ID available.'.
        if (refusedAsTaken(error)) markTaken();
      },
    });
  }

  // Anything typed and not yet created: leaving the page asks first (a created load closes the form).
  const typed = Object.values(form).some((value) => typeof value === 'string' && value.trim() !== '');
  useDraft(CREATE_LOAD_DRAFT, form, typed && !create.isSuccess);
  const numberError = errors.loadNumber ?? formatError;
  const orderNotice = createLoadDateOrderNotice(form);
  const message = availability === 'idle' ? null : AVAILABILITY_MESSAGES[availability];

  return (
    <>
      <form ref={formRef} className="card create-load-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="form-title">
          New Load
        </h2>
        {draft && (
          <p className="draft-restored" role="status">
            {DRAFT_RESTORED}
          </p>
        )}
        {failure && (
          <div className="form-error" role="alert">
            {failure}
          </div>
        )}
        <div className={`form-field${numberError ? ' has-error' : ''}`}>
          <label htmlFor={`${id}-number`}>
            Load Number
            <span className="required-marker" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <div className="input-with-prefix">
            <span className="input-prefix" aria-hidden="true">
              {LOAD_NUMBER_PREFIX}
            </span>
            <input
              id={`${id}-number`}
              value={form.loadNumber}
              required
              autoComplete="off"
              autoFocus
              placeholder="12345"
              aria-invalid={numberError ? true : undefined}
              aria-describedby={numberError ? `${id}-availability ${id}-number-error` : `${id}-availability`}
              onChange={(event) => set('loadNumber', event.target.value)}
            />
          </div>
          <p id={`${id}-availability`} className={`availability availability-${availability}`} aria-live="polite">
            {message}
          </p>
          {numberError && (
            <p id={`${id}-number-error`} className="field-error" role="alert">
              {numberError}
            </p>
          )}
        </div>

        {vendorPicker && (
          <div className={`form-field${errors.vendor ? ' has-error' : ''}`}>
            <label htmlFor={`${id}-vendor`}>
              Vendor
              <span className="required-marker" aria-hidden="true">
                {' '}
                *
              </span>
            </label>
            <select
              id={`${id}-vendor`}
              value={form.vendor}
              required
              disabled={vendorPicker.choices === undefined}
              aria-invalid={errors.vendor ? true : undefined}
              aria-describedby={errors.vendor ? `${id}-vendor-error` : undefined}
              onChange={(event) => set('vendor', event.target.value)}
            >
              <option value="">{vendorPicker.choices === undefined ? (vendorPicker.failed ? 'Vendors could not be loaded' : 'Loading vendors...') : 'Select a vendor'}</option>
              {vendorPicker.choices?.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </select>
            {errors.vendor && (
              <p id={`${id}-vendor-error`} className="field-error" role="alert">
                {errors.vendor}
              </p>
            )}
          </div>
        )}

        <label className="checkbox-field">
          <input type="checkbox" checked={form.withDetails} onChange={(event) => set('withDetails', event.target.checked)} />
          Add Full Load Details?
        </label>

        {form.withDetails && (
          <div className="create-load-details">
            {DETAIL_FIELDS.map((field) => (
              <div key={field.name} className={`form-field${errors[field.name] ? ' has-error' : ''}`}>
                <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
                <input
                  id={`${id}-${field.name}`}
                  value={form[field.name]}
                  placeholder={field.placeholder}
                  inputMode={field.inputMode}
                  autoComplete="off"
                  aria-invalid={errors[field.name] ? true : undefined}
                  aria-describedby={
                    [errors[field.name] ? `${id}-${field.name}-error` : '', field.date ? `${id}-${field.name}-format` : '', field.name === 'deliveryDate' && orderNotice ? `${id}-order` : '']
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                  onChange={(event) => set(field.name, field.date ? formatMmDdYyyy(event.target.value) : event.target.value)}
                />
                {field.date && (
                  <span id={`${id}-${field.name}-format`} className="visually-hidden">
                    Format: {DATE_FORMAT}
                  </span>
                )}
                {errors[field.name] && (
                  <p id={`${id}-${field.name}-error`} className="field-error" role="alert">
                    {errors[field.name]}
                  </p>
                )}
                {field.name === 'deliveryDate' && orderNotice && (
                  <p id={`${id}-order`} className="field-notice" role="status">
                    {orderNotice}
                  </p>
                )}
              </div>
            ))}
          </div>
        )}

        <div className="dialog-actions">
          <BusyButton className="button button-secondary" onClick={onClose} unavailable={create.isPending}>
            Cancel
          </BusyButton>
          <BusyButton
            type="submit"
            className="button button-primary"
            busy={create.isPending}
            unavailable={!canCreateWith(availability)}
            onRefused={attempt}
          >
            {create.isPending ? 'Creating...' : 'Create'}
          </BusyButton>
        </div>
      </form>
      <UnsavedChangesGuard unsaved={typed && !create.isSuccess} message="Your new load is not created yet. If you leave this page, what you typed will be lost." />
    </>
  );
}
