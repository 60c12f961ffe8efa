// The staff profile form (staff-side.md sections 2, 5 and 8), free of React: values, checks, the PATCH body, messages.
import { STAFF_TIERS, type StaffProfileField } from '@portal/domain/staff/events';
import { checkStaffField, STAFF_REQUIRED_FIELDS, staffProfileCompleted } from '@portal/domain/staff/profile-rules';
import { ApiError } from '../../../lib/api-client';
import { describeErrorBody, fieldErrorsOf } from '../../../lib/error-messages';
import type { StaffProfile, StaffProfilePatch } from '../api/staff-profile';
import { PROFILE_MESSAGES } from './staff-admin-messages';

export type StaffFormField = 'tier' | StaffProfileField;
export type StaffFormValues = Record<StaffFormField, string>;
export type StaffFormErrors = Partial<Record<StaffFormField, string>>;

/** Form order. The spec's form has the first eight; bio is what the staff member detail shows. */
export const STAFF_FORM_FIELDS: readonly StaffFormField[] = ['tier', 'department', 'position', 'first_name', 'last_name', 'email', 'phone', 'phone_ext', 'bio'];
export const REQUIRED_STAFF_FORM_FIELDS: ReadonlySet<StaffFormField> = new Set<StaffFormField>(['tier', ...STAFF_REQUIRED_FIELDS]);

const isFormField = (name: string): name is StaffFormField => (STAFF_FORM_FIELDS as readonly string[]).includes(name);

export function staffFormValuesOf(profile: Partial<StaffProfile> | null | undefined): StaffFormValues {
  return Object.fromEntries(
    STAFF_FORM_FIELDS.map((name) => {
      const value = profile?.[name];
      return [name, typeof value === 'string' ? value : ''];
    }),
  ) as StaffFormValues;
}

function checkFormField(name: StaffFormField, raw: string): { value: string; error: string | null } {
  if (name !== 'tier') return checkStaffField(name, raw);
  return { value: raw, error: raw === '' || (STAFF_TIERS as readonly string[]).includes(raw) ? null : 'Select a valid tier.' };
}

/** One change, checked and auto-formatted (the phone as (xxx) xxx-xxxx once it has ten digits); trimming waits for the save. */
export function changeStaffField(values: StaffFormValues, errors: StaffFormErrors, name: StaffFormField, raw: string) {
  const checked = checkFormField(name, raw);
  const value = checked.value.trim() === raw.trim() ? raw : checked.value;
  const nextErrors = { ...errors };
  if (checked.error) nextErrors[name] = checked.error;
  else delete nextErrors[name];
  return { values: { ...values, [name]: value }, errors: nextErrors };
}

/** Every rule at submit time: required fields filled, filled fields well formed. */
export function staffFormErrors(values: StaffFormValues): StaffFormErrors {
  const errors: StaffFormErrors = {};
  for (const name of STAFF_FORM_FIELDS) {
    const raw = values[name] ?? '';
    if (raw.trim() === '') {
      if (REQUIRED_STAFF_FORM_FIELDS.has(name)) errors[name] = PROFILE_MESSAGES.required;
      continue;
    }
    const { error } = checkFormField(name, raw);
    if (error) errors[name] = error;
  }
  return errors;
}

/**
 * The PATCH body: every non-empty field, trimmed and formatted (staff-side.md: "PATCH /profiles/staff/ | non-empty
 * profile fields", "Empty fields are not sent"). The server records only what differs from the stored profile.
 */
export function staffProfileBody(values: StaffFormValues): StaffProfilePatch {
  const body: StaffProfilePatch = {};
  for (const name of STAFF_FORM_FIELDS) {
    const trimmed = checkFormField(name, values[name] ?? '').value.trim();
    if (trimmed !== '') body[name] = trimmed;
  }
  return body;
}

/** Completed: first name, last name, email and phone filled and error-free. */
export const isStaffProfileCompleted = (values: StaffFormValues): boolean => staffProfileCompleted(values);

/** 'Save failed: field: messages | ...' or the server's detail; the generic text when there is no body. */
export function staffSaveErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return PROFILE_MESSAGES.saveFailed;
  const text = describeErrorBody(error.body);
  return text ? `Save failed: ${text}` : PROFILE_MESSAGES.saveFailed;
}

export function staffSaveFieldErrors(error: unknown): StaffFormErrors {
  const errors: StaffFormErrors = {};
  for (const [name, messages] of Object.entries(fieldErrorsOf(error))) {
    if (isFormField(name)) errors[name] = messages.join(' ');
  }
  return errors;
}
