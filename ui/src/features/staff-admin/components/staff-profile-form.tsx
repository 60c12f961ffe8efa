import { type FormEvent, useId, useRef, useState } from 'react';
import { STAFF_TIERS } from '@portal/domain/staff/events';
import { BusyButton } from '../../../components/busy-button';
import type { FieldDefinition } from '../../../components/form/field-definition';
import { FormField } from '../../../components/form/form-field';
import { useFocusFirstInvalidField } from '../../../lib/focus';
import { useOneAtATime } from '../../../lib/one-at-a-time';
import { staffTierLabel } from '../../../lib/staff-tier';
import { type StaffProfile, useUpdateStaffProfile } from '../api/staff-profile';
import { NO_EDIT_PERMISSION, PROFILE_MESSAGES } from '../utils/staff-admin-messages';
import {
  changeStaffField,
  isStaffProfileCompleted,
  REQUIRED_STAFF_FORM_FIELDS,
  STAFF_FORM_FIELDS,
  type StaffFormErrors,
  type StaffFormField,
  staffFormErrors,
  staffFormValuesOf,
  staffProfileBody,
  staffSaveErrorMessage,
  staffSaveFieldErrors,
} from '../utils/staff-profile-form';

const TIER_OPTIONS = STAFF_TIERS.map((tier) => ({ value: tier, label: staffTierLabel(tier) }));

const DRAWINGS: Record<StaffFormField, Omit<FieldDefinition, 'name' | 'required'>> = {
  tier: { label: 'Tier', type: 'select', placeholder: 'Select a tier', options: TIER_OPTIONS },
  department: { label: 'Department', type: 'text', autoComplete: 'organization-title' },
  position: { label: 'Position', type: 'text', autoComplete: 'organization-title' },
  first_name: { label: 'First Name', type: 'text', autoComplete: 'given-name' },
  last_name: { label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  phone: { label: 'Phone', type: 'tel', placeholder: '(xxx) xxx-xxxx', autoComplete: 'tel-national' },
  phone_ext: { label: 'Phone Ext.', type: 'text', placeholder: 'Ext.', autoComplete: 'off' },
  bio: { label: 'Bio', type: 'textarea' },
};

const WIDE = new Set<StaffFormField>(['bio']);

interface StaffProfileFormProps {
  /** null when the server has no staff profile for this user (a tolerated 404). */
  profile: StaffProfile | null;
  username: string;
  canEdit: boolean;
}

export function StaffProfileForm({ profile, username, canEdit }: StaffProfileFormProps) {
  const idPrefix = useId();
  const update = useUpdateStaffProfile();
  const once = useOneAtATime();
  const [values, setValues] = useState(() => staffFormValuesOf(profile));
  const [errors, setErrors] = useState<StaffFormErrors>({});
  // Each message is a new one (`said` counts them): the same words again, as a second refused Save, are said again.
  const [banner, setBannerState] = useState<{ kind: 'error' | 'success'; text: string; said: number } | null>(null);
  const setBanner = (next: { kind: 'error' | 'success'; text: string } | null) =>
    setBannerState((current) => (next ? { ...next, said: (current?.said ?? 0) + 1 } : null));
  const form = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalidField(form);

  function change(name: string, raw: string) {
    const next = changeStaffField(values, errors, name as StaffFormField, raw);
    setValues(next.values);
    setErrors(next.errors);
    if (banner?.kind !== 'error') setBanner(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canEdit || update.isPending) return;
    const invalid = staffFormErrors(values);
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      setBanner({ kind: 'error', text: PROFILE_MESSAGES.validationBlocked });
      focusFirstInvalid();
      return;
    }
    if (!once.begin()) return;
    try {
      const saved = await update.mutateAsync(staffProfileBody(values));
      // The answer is the profile as now stored; without one, what was sent is.
      const next = saved && typeof saved === 'object' ? staffFormValuesOf(saved) : { ...values };
      setValues(next);
      setErrors({});
      setBanner({ kind: 'success', text: PROFILE_MESSAGES.saved });
    } catch (error) {
      setErrors(staffSaveFieldErrors(error));
      setBanner({ kind: 'error', text: staffSaveErrorMessage(error) });
      focusFirstInvalid();
    } finally {
      once.end();
    }
  }

  // The built-in admin is always ADMIN: the server refuses any other tier for it.
  const tierFixed = Boolean(profile?.is_builtin_admin);
  const hintOf = (name: StaffFormField) => {
    if (!canEdit) return NO_EDIT_PERMISSION;
    return name === 'tier' && tierFixed ? 'The built-in admin is always Admin.' : undefined;
  };
  const busy = update.isPending;
  const completed = isStaffProfileCompleted(values);
  return (
    <section className="sa-page-narrow">
      <header className="sa-page-header">
        <div>
          <h1>Staff Profile</h1>
          <p className="sa-subtitle">
            {username}
            {profile?.tier ? ` · ${staffTierLabel(profile.tier)}` : ''}
          </p>
        </div>
        {completed && <span className="sa-completed">✓ {PROFILE_MESSAGES.completed}</span>}
      </header>
      <form
        ref={form}
        className="card sa-profile-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Staff profile"
        aria-busy={busy || undefined}
      >
        {banner && (
          <div key={banner.said} className={banner.kind === 'error' ? 'form-error' : 'sa-success'} role={banner.kind === 'error' ? 'alert' : 'status'}>
            {banner.text}
          </div>
        )}
        <div className="sa-profile-grid">
          {STAFF_FORM_FIELDS.map((name) => (
            <div key={name} className={WIDE.has(name) ? 'sa-field-wide' : undefined}>
              <FormField
                field={{ name, required: REQUIRED_STAFF_FORM_FIELDS.has(name), ...DRAWINGS[name], hint: hintOf(name) }}
                idPrefix={idPrefix}
                value={values[name]}
                errors={errors[name] ? [errors[name]] : undefined}
                // Without permission the whole form is disabled (spec). While saving the fields are read-only instead:
                // Enter in a field submits, and a disabled field would drop the keyboard focus to the page.
                disabled={!canEdit || (name === 'tier' && tierFixed)}
                readOnly={busy}
                onChange={change}
              />
            </div>
          ))}
        </div>
        <div className="sa-profile-actions">
          {/* Refused rather than disabled while saving, so the focus stays on it. */}
          <BusyButton type="submit" className="button button-primary" disabled={!canEdit} busy={busy}>
            {busy ? 'Saving...' : 'Save Profile'}
          </BusyButton>
        </div>
      </form>
    </section>
  );
}
