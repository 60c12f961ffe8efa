// The profile page's form logic, free of React: values, on-change checks, completeness, the save payload and messages.
import { profileCompleteness, type Completeness } from '@portal/domain/vendors/completeness';
import { PROFILE_SECTION_OF, PROFILE_SECTIONS, REQUIRED_FIELDS, type ProfileField, type VendorDocumentType } from '@portal/domain/vendors/profile-fields';
import { checkProfileField } from '@portal/domain/vendors/profile-rules';
import { profileValueDigest } from '@portal/domain/vendors/profile-fields';
import { ApiError } from '../../../lib/api-client';
import { currentOfConflict } from '../../../lib/changed-meanwhile';
import { describeErrorBody, fieldErrorsOf } from '../../../lib/error-messages';
import { profileFieldDefinition } from './profile-field-definitions';

export type ProfileFormValues = Record<ProfileField, string>;
export type ProfileFormErrors = Partial<Record<ProfileField, string>>;

export const VALIDATION_BLOCKED = 'Please fix the validation errors before submitting.';
export const SAVE_FAILED = 'Failed to save profile. Please try again later.';
export const SAVE_SUCCEEDED = 'Profile saved successfully!';
export const LOAD_FAILED = 'Failed to load your profile. Please try again later.';
export const PROFILE_CHANGED_MEANWHILE = 'Someone else changed this profile while you were editing. Check the fields marked, then save again.';

/** Every profile field in page order: the order a failed save scrolls by. */
export const PROFILE_FIELD_ORDER: readonly ProfileField[] = Object.values(PROFILE_SECTIONS).flat();

const isProfileField = (name: string): name is ProfileField => Object.hasOwn(PROFILE_SECTION_OF, name);

/** The form's values from a profile answer ('' for null or missing). */
export function formValuesOf(profile: Partial<Record<string, unknown>> | null | undefined): ProfileFormValues {
  return Object.fromEntries(
    PROFILE_FIELD_ORDER.map((field) => {
      const value = profile?.[field];
      return [field, typeof value === 'string' ? value : ''];
    }),
  ) as ProfileFormValues;
}

/**
 * One change, checked and auto-formatted by the domain rule. A rule that only trims is not applied while typing,
 * or a space between two words could never be typed; the payload is trimmed instead.
 */
export function changeField(values: ProfileFormValues, errors: ProfileFormErrors, field: ProfileField, raw: string, saved?: ProfileFormValues) {
  const checked = checkProfileField(field, raw);
  const value = checked.value.trim() === raw.trim() ? raw : checked.value;
  const nextErrors = { ...errors };
  const error = checked.error ?? (saved ? emptiedError(field, raw, saved) : null);
  if (error) nextErrors[field] = error;
  else delete nextErrors[field];
  return { values: { ...values, [field]: value }, errors: nextErrors };
}

/**
 * A saved required value emptied: said at the field, and the save is blocked like any other error. An optional one
 * emptied is cleared by the save (clearedFieldsOf; a save's empty values alone are left out, vendor-side.md section 5).
 */
function emptiedError(field: ProfileField, raw: string, saved: ProfileFormValues): string | null {
  if (raw.trim() !== '' || saved[field].trim() === '') return null;
  const { label, required } = profileFieldDefinition(field);
  return required ? `${label} is required.` : null;
}

/**
 * The optional fields a save empties: empty in the form, filled in the profile as last read (`seen`). Sent as
 * `cleared_fields`, since the spec's save leaves empty values out, and a value once saved could not be removed.
 */
export function clearedFieldsOf(values: ProfileFormValues, seen: ProfileFormValues): ProfileField[] {
  return PROFILE_FIELD_ORDER.filter((field) => !REQUIRED_FIELDS.has(field) && values[field].trim() === '' && seen[field].trim() !== '');
}

/**
 * A save over the profile as it is now (`current`, read just before saving), against the values this form started from
 * (`base`): a field someone else changed meanwhile (another tab, the brokerage's ADMIN) that this form did not change is
 * kept as they left it rather than put back; one both changed, differently, is a clash, and is not overwritten unseen.
 */
export function mergeWithCurrent(values: ProfileFormValues, base: ProfileFormValues, current: ProfileFormValues) {
  const merged = { ...values };
  const clashes: Partial<ProfileFormValues> = {};
  for (const field of PROFILE_FIELD_ORDER) {
    const [mine, from, now] = [values[field].trim(), base[field].trim(), current[field].trim()];
    if (now === from) continue;
    if (mine === from) merged[field] = current[field];
    else if (mine !== now) clashes[field] = current[field];
  }
  return { values: merged, clashes };
}

/** What a save expects of each field it sends: the profile as this form last read it (`seen`), as digests. */
export function expectedOf(payload: Partial<Record<ProfileField, string>>, seen: ProfileFormValues, cleared: readonly ProfileField[] = []): Partial<Record<ProfileField, string>> {
  return Object.fromEntries([...Object.keys(payload), ...cleared].map((field) => [field, profileValueDigest(seen[field as ProfileField])]));
}

/**
 * The fields a refused save (409) says someone else changed meanwhile, as they are now ('' for empty); null for any
 * other error.
 */
export function changedMeanwhileOf(error: unknown): Partial<ProfileFormValues> | null {
  const current = currentOfConflict(error, isProfileField);
  if (!current) return null;
  return Object.fromEntries(Object.entries(current).map(([field, value]) => [field, typeof value === 'string' ? value : '']));
}

/** Errors of every filled field (what the page shows for values as loaded). */
export function errorsOf(values: ProfileFormValues): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  for (const field of PROFILE_FIELD_ORDER) {
    const { error } = checkProfileField(field, values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The PATCH body: profile fields only (never document fields), trimmed, leaving out empty, null and undefined. */
export function buildProfilePayload(values: Partial<Record<string, unknown>>): Partial<Record<ProfileField, string>> {
  const payload: Partial<Record<ProfileField, string>> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!isProfileField(name) || typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed !== '') payload[name] = trimmed;
  }
  return payload;
}

/** The first field, in page order, that has an error. */
export function firstErrorField(errors: Partial<Record<string, unknown>>): ProfileField | undefined {
  return PROFILE_FIELD_ORDER.find((field) => errors[field]);
}

export interface AgreementState {
  status: boolean;
  date: string | null;
  hasDocument: boolean;
}

/** The server's own completeness function, over what the form holds now. */
export function completenessOf(
  values: ProfileFormValues,
  documents: Partial<Record<VendorDocumentType, boolean>>,
  agreement: AgreementState,
): Completeness {
  const asProfile = Object.fromEntries(PROFILE_FIELD_ORDER.map((field) => [field, values[field].trim() === '' ? null : values[field]]));
  return profileCompleteness({ values: asProfile, documents, agreement });
}

/** Banner after a refused or failed save: 'Save failed: field: messages | ...', or the generic text without a body. */
export function saveErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return SAVE_FAILED;
  const text = describeErrorBody(error.body);
  return text ? `Save failed: ${text}` : SAVE_FAILED;
}

/** The per-field messages of a refused save, for the fields the page shows. */
export function saveFieldErrors(error: unknown): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
    if (isProfileField(field)) errors[field] = messages.join(' ');
  }
  return errors;
}
