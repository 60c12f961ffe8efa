import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import type { VendorField } from '@portal/domain/vendors/profile-fields';
import { BusyButton } from '../../../components/busy-button';
import { StatusBadge } from '../../../components/status-badge';
import { fieldChangedMeanwhile } from '../../../lib/changed-meanwhile';
import { fieldErrorsOf } from '../../../lib/error-messages';
import { useFocusBackOnClose, useFocusFirstFieldOnMount, useFocusFirstInvalidField } from '../../../lib/focus';
import { insuranceNotice } from '../../../lib/insurance-notice';
import { useOneAtATime } from '../../../lib/one-at-a-time';
import { useToast } from '../../../lib/toast-context';
import { useUpdateVendor, type VendorDetail } from '../api/vendors';
import { serverDetail } from '../utils/server-detail';
import { NO_EDIT_PERMISSION, VENDOR_MESSAGES } from '../utils/staff-admin-messages';
import {
  changeVendorField,
  displayValue,
  type EditErrors,
  type EditValues,
  editValuesOf,
  type FieldTab,
  NOT_PROVIDED,
  patchErrors,
  VENDOR_FIELDS,
  vendorChangedMeanwhile,
  vendorExpected,
  vendorCleared,
  vendorPatch,
} from '../utils/vendor-detail';
import { VendorFieldInput } from './vendor-field-input';

interface VendorFieldTabProps {
  vendor: VendorDetail;
  tab: FieldTab;
  canEdit: boolean;
}

/** One tab of the vendor detail: its fields as text, and for admins an edit form that sends only what changed. */
export function VendorFieldTab({ vendor, tab, canEdit }: VendorFieldTabProps) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // The form closed (Cancel, Save Changes, 'No changes detected.') and took the focus with it: back to the Edit button.
  useFocusBackOnClose(editing, editButton);

  return (
    <div>
      <div className="sa-tab-header">
        <h2>{tab.label} Information</h2>
        {canEdit ? (
          !editing && (
            <button ref={editButton} type="button" className="button button-secondary" onClick={() => setEditing(true)}>
              Edit {tab.label}
            </button>
          )
        ) : (
          <span className="field-hint">{NO_EDIT_PERMISSION}</span>
        )}
      </div>
      {editing ? <VendorTabForm vendor={vendor} tab={tab} onDone={() => setEditing(false)} /> : <VendorTabValues vendor={vendor} tab={tab} />}
    </div>
  );
}

const storedOf = (vendor: VendorDetail, name: VendorField): string | null => {
  const value = (vendor as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
};

function VendorTabValues({ vendor, tab }: { vendor: VendorDetail; tab: FieldTab }) {
  return (
    <dl className="sa-field-grid">
      {tab.fields.map((name) => {
        const { label, kind } = VENDOR_FIELDS[name];
        const raw = storedOf(vendor, name);
        const text = displayValue(name, raw);
        let value: ReactNode = text;
        if (text === NOT_PROVIDED) value = <span className="sa-not-provided">{text}</span>;
        else if (kind === 'email') value = <a href={`mailto:${text}`}>{text}</a>;
        else if (kind === 'url') value = <a href={/^https?:\/\//i.test(text) ? text : `https://${text}`} target="_blank" rel="noopener noreferrer">{text}</a>;
        else if (kind === 'masked') value = <span className="sa-mono">{text}</span>;
        const notice = name === 'insurance_expiration' ? insuranceNotice(raw) : null;
        if (notice) {
          value = (
            <>
              {value}
              <span className="sa-insurance-badge">
                <StatusBadge tone={notice.tone === 'expired' ? 'error' : 'warning'}>{notice.badge}</StatusBadge>
              </span>
            </>
          );
        }
        return (
          <div key={name}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function VendorTabForm({ vendor, tab, onDone }: { vendor: VendorDetail; tab: FieldTab; onDone(): void }) {
  const idPrefix = useId();
  const update = useUpdateVendor(vendor.id);
  const once = useOneAtATime();
  const toast = useToast();
  // The vendor as this form opened on it (with what a refusal said changed since): the save sends what differs from
  // it and expects it, never the live cache, which a re-read may have moved under the untouched inputs.
  const [opened, setOpened] = useState(vendor);
  const [values, setValues] = useState<EditValues>(() => editValuesOf(vendor, tab));
  const [errors, setErrors] = useState<EditErrors>({});
  // Each message is a new one (`said` counts them): the same words again, as a second refused Save, are said again.
  const [banner, setBannerState] = useState<{ text: string; said: number } | null>(null);
  const setBanner = (text: string | null) => setBannerState((current) => (text === null ? null : { text, said: (current?.said ?? 0) + 1 }));
  const sectionName = tab.label.toLowerCase();
  const form = useRef<HTMLFormElement>(null);

  // Opened by its Edit button, which has just gone: the focus goes to the first field rather than to <body>.
  useFocusFirstFieldOnMount(form);
  // A refused Save: the focus goes to the first field that says why (it stayed on Save, and nothing more was said).
  const focusFirstInvalid = useFocusFirstInvalidField(form);

  function change(name: VendorField, raw: string) {
    const next = changeVendorField(values, errors, name, raw);
    setValues(next.values);
    setErrors(next.errors);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const invalid = patchErrors(opened, tab, values);
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      setBanner(VENDOR_MESSAGES.validationBlocked);
      focusFirstInvalid();
      return;
    }
    const patch = vendorPatch(opened, tab, values);
    const cleared = vendorCleared(opened, tab, values);
    if (Object.keys(patch).length === 0 && cleared.length === 0) {
      toast.info(VENDOR_MESSAGES.noChanges);
      onDone();
      return;
    }
    if (!once.begin()) return;
    setBanner(null);
    try {
      await update.mutateAsync({ patch, cleared, expected: vendorExpected(opened, patch, cleared) });
      toast.success(VENDOR_MESSAGES.saved(tab.label));
      onDone();
    } catch (error) {
      const now = vendorChangedMeanwhile(error);
      if (now) {
        // Not written over unseen: the screen now shows what each field is (useUpdateVendor), the form keeps what
        // this ADMIN typed, and a second Save replaces it.
        setOpened((before) => ({ ...before, ...now }));
        setErrors(Object.fromEntries(Object.entries(now).map(([name, value]) => [name, fieldChangedMeanwhile(value ?? '')])) as EditErrors);
        setBanner(VENDOR_MESSAGES.changedMeanwhile);
        const first = tab.fields.find((name) => name in now);
        if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
        return;
      }
      const refused = Object.fromEntries(
        Object.entries(fieldErrorsOf(error))
          .filter(([name]) => (tab.fields as readonly string[]).includes(name))
          .map(([name, messages]) => [name, messages.join(' ')]),
      ) as EditErrors;
      setErrors(refused);
      const detail = serverDetail(error);
      setBanner(detail ? `${VENDOR_MESSAGES.saveFailed(sectionName)} ${detail}` : VENDOR_MESSAGES.saveFailed(sectionName));
      focusFirstInvalid();
    } finally {
      once.end();
    }
  }

  const busy = update.isPending;
  return (
    <form
      ref={form}
      className="sa-edit-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={`Edit ${tab.label} information`}
      aria-busy={busy || undefined}
    >
      {banner && (
        <div key={banner.said} className="form-error" role="alert">
          {banner.text}
        </div>
      )}
      <div className="sa-edit-grid">
        {tab.fields.map((name) => (
          <VendorFieldInput
            key={name}
            name={name}
            idPrefix={idPrefix}
            value={values[name] ?? ''}
            stored={storedOf(vendor, name)}
            error={errors[name]}
            // Read-only, not disabled, while saving: Enter in a field submits, and a disabled field would drop the
            // keyboard focus to the page.
            readOnly={busy}
            onChange={change}
          />
        ))}
      </div>
      <div className="sa-edit-actions">
        {/* Refused rather than disabled while saving, so the focus stays put; the tab gives it to its Edit button after. */}
        <BusyButton className="button button-secondary" unavailable={busy} onClick={onDone}>
          Cancel
        </BusyButton>
        <BusyButton type="submit" className="button button-primary" busy={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </BusyButton>
      </div>
    </form>
  );
}
