// The staff vendor detail (staff-side.md section 2): tabs, how each value shows, and the edit rules, free of React.
import {
  COVERAGE_FIELDS,
  PROFILE_SECTION_OF,
  PROFILE_SECTIONS,
  REQUIRED_FIELD_EMPTIED,
  REQUIRED_FIELDS,
  US_STATES,
  VENDOR_DOCUMENT_FIELDS,
  VENDOR_DOCUMENT_LABELS,
  VENDOR_DOCUMENT_TYPES,
  type ProfileField,
  type VendorDocumentType,
  type VendorField,
} from '@portal/domain/vendors/profile-fields';
import { profileValueDigest } from '@portal/domain/vendors/profile-fields';
import { checkProfileField } from '@portal/domain/vendors/profile-rules';
import { currentOfConflict } from '../../../lib/changed-meanwhile';
import { formatCalendarDay } from '../../../lib/calendar-days';
import { DATE_INVALID_MESSAGE } from '@portal/domain/calendar';
import { servedFileUrl } from '../../../lib/served-file-url';
import type { VendorDetail, VendorPatch } from '../api/vendors';
import { formatUsd } from '../../../lib/money';

export const NOT_PROVIDED = 'Not provided';

export type FieldTabId = 'business' | 'contact' | 'insurance' | 'financial';
export type VendorTabId = FieldTabId | 'documents';

export interface FieldTab {
  id: FieldTabId;
  label: string;
  fields: readonly VendorField[];
}

/** The four tabs with fields, each one section of the profile; the coverage amounts sit with insurance. */
export const FIELD_TABS: readonly FieldTab[] = [
  { id: 'business', label: 'Business', fields: PROFILE_SECTIONS.company },
  { id: 'contact', label: 'Contact', fields: PROFILE_SECTIONS.contact },
  { id: 'insurance', label: 'Insurance', fields: [...PROFILE_SECTIONS.insurance, ...COVERAGE_FIELDS] },
  { id: 'financial', label: 'Financial', fields: PROFILE_SECTIONS.bank },
];

export const VENDOR_TABS: readonly { id: VendorTabId; label: string }[] = [
  ...FIELD_TABS.map(({ id, label }) => ({ id, label })),
  { id: 'documents', label: 'Documents' },
];

export type FieldKind = 'text' | 'email' | 'tel' | 'url' | 'date' | 'state' | 'currency' | 'masked';

const field = (label: string, kind: FieldKind = 'text') => ({ label, kind });

export const VENDOR_FIELDS: Record<VendorField, { label: string; kind: FieldKind }> = {
  legal_name: field('Legal Name'),
  business_name: field('Business Name (DBA)'),
  address: field('Address'),
  address_2: field('Address Line 2'),
  city: field('City'),
  state: field('State', 'state'),
  zip_code: field('ZIP Code'),
  federal_id: field('Federal ID (EIN)'),
  mc_number: field('MC Number'),
  dot_number: field('DOT Number'),
  tax_id: field('Tax ID'),
  website: field('Website', 'url'),
  fax: field('Fax', 'tel'),
  contact_name_1: field('Primary Contact Name'),
  email_1: field('Primary Email', 'email'),
  phone_1: field('Primary Phone', 'tel'),
  phone_1_ext: field('Primary Phone Ext.'),
  contact_name_2: field('Secondary Contact Name'),
  email_2: field('Secondary Email', 'email'),
  phone_2: field('Secondary Phone', 'tel'),
  phone_2_ext: field('Secondary Phone Ext.'),
  insurance_company: field('Insurance Company'),
  insurance_policy_number: field('Policy Number'),
  insurance_expiration: field('Policy Expiration Date', 'date'),
  insurance_address: field('Insurer Address'),
  insurance_city: field('Insurer City'),
  insurance_state: field('Insurer State', 'state'),
  insurance_zip: field('Insurer ZIP Code'),
  insurance_email: field('Insurer Email', 'email'),
  insurance_phone: field('Insurer Phone', 'tel'),
  insurance_phone_ext: field('Insurer Phone Ext.'),
  liability_amount: field('Liability Coverage', 'currency'),
  cargo_amount: field('Cargo Coverage', 'currency'),
  bank_account_holder_name: field('Account Holder Name'),
  bank_name: field('Bank Name'),
  bank_routing_number: field('Routing Number', 'masked'),
  bank_account_number: field('Account Number', 'masked'),
};

export const STATE_OPTIONS = US_STATES.map(([code, name]) => ({ value: code, label: `${code} - ${name}` }));


/** '$1,000,000.00'; missing -> 'Not provided'; something that is not a number shows as sent. */
export function formatCurrency(value: string | number | null | undefined): string {
  if (value === null || value === undefined || String(value).trim() === '') return NOT_PROVIDED;
  const amount = Number(value);
  return Number.isFinite(amount) ? formatUsd(amount) : String(value);
}

/**
 * A bank number as the server sent it ('****' + last 4). Should an unmasked number ever arrive, it is masked here too:
 * the screen never shows more than the last four digits.
 */
export function maskedDisplay(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (text === '') return NOT_PROVIDED;
  if (/^\*+\d{0,4}$/.test(text)) return text;
  return `****${text.replace(/\D/g, '').slice(-4)}`;
}

/** How one value reads on a tab (links are the component's business). */
export function displayValue(name: VendorField, value: string | null | undefined): string {
  const kind = VENDOR_FIELDS[name].kind;
  if (kind === 'currency') return formatCurrency(value);
  if (kind === 'masked') return maskedDisplay(value);
  const text = (value ?? '').trim();
  if (text === '') return NOT_PROVIDED;
  if (kind === 'date') return formatCalendarDay(text);
  if (kind === 'state') return STATE_OPTIONS.find((option) => option.value === text)?.label ?? text;
  return text;
}

// ---------- Editing one tab ----------

export type EditValues = Partial<Record<VendorField, string>>;
export type EditErrors = Partial<Record<VendorField, string>>;

// The command API's words for the same rule.
const CURRENCY_MESSAGE = 'Enter an amount in dollars, at least 0, with up to 2 decimals.';
const isCurrency = (name: VendorField) => VENDOR_FIELDS[name].kind === 'currency';
const isMasked = (name: VendorField) => VENDOR_FIELDS[name].kind === 'masked';

/** An amount as the server stores it ('1500000.00'), or an error; '' stays '' (not sent). */
export function checkCurrency(raw: string): { value: string; error: string | null } {
  const text = raw.trim().replace(/[$,\s]/g, '');
  if (text === '') return { value: '', error: null };
  if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(text)) return { value: raw, error: CURRENCY_MESSAGE };
  return { value: Number(text).toFixed(2), error: null };
}

/**
 * What a date or amount field holds while its input has what the browser cannot read (02/30/2028, '2e'): the browser
 * reports such an input as empty, so the save dropped a typed amount unsaid, and a bad date read as an emptied field
 * ("This field is required.").
 */
export const UNREADABLE_INPUT = '\u0000unreadable';

/** The value as it would be sent, and its error: the domain's profile rule, or the currency rule. */
export function checkVendorField(name: VendorField, raw: string): { value: string; error: string | null } {
  if (raw === UNREADABLE_INPUT) return { value: raw, error: isCurrency(name) ? CURRENCY_MESSAGE : DATE_INVALID_MESSAGE };
  return isCurrency(name) ? checkCurrency(raw) : checkProfileField(name as ProfileField, raw);
}

const stored = (vendor: Partial<VendorDetail>, name: VendorField): string => {
  const value = (vendor as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
};

/** The inputs of a tab as edit mode opens. Masked bank numbers start empty: only a new number is ever typed there. */
export function editValuesOf(vendor: Partial<VendorDetail>, tab: FieldTab): EditValues {
  return Object.fromEntries(tab.fields.map((name) => [name, isMasked(name) ? '' : stored(vendor, name)]));
}

/**
 * One keystroke: the error of the rule, and the auto-formatted value where the rule formats (phones, ZIP codes, ...).
 * A rule that only trims is not applied while typing, or a space could never be typed; amounts are formatted on save.
 */
export function changeVendorField(values: EditValues, errors: EditErrors, name: VendorField, raw: string) {
  const checked = checkVendorField(name, raw);
  const value = isCurrency(name) || checked.value.trim() === raw.trim() ? raw : checked.value;
  const nextErrors = { ...errors };
  if (checked.error) nextErrors[name] = checked.error;
  else delete nextErrors[name];
  return { values: { ...values, [name]: value }, errors: nextErrors };
}

/** Errors of what would be sent (a stored value nobody touched is not held against a save). */
export function patchErrors(vendor: Partial<VendorDetail>, tab: FieldTab, values: EditValues): EditErrors {
  const errors: EditErrors = {};
  for (const name of tab.fields) {
    const raw = values[name] ?? '';
    // A required value emptied is refused here (an optional one emptied is cleared: vendorCleared).
    if (raw.trim() === '' && !isMasked(name) && stored(vendor, name) !== '' && REQUIRED_FIELDS.has(name as ProfileField)) {
      errors[name] = REQUIRED_FIELD_EMPTIED;
      continue;
    }
    if (raw.trim() === '' || raw === (isMasked(name) ? '' : stored(vendor, name))) continue;
    const { error } = checkVendorField(name, raw);
    if (error) errors[name] = error;
  }
  return errors;
}

/**
 * The PATCH body: only fields whose (formatted) value differs from the stored one. Empty inputs are left out: the
 * server never erases a stored value with a blank one. A masked bank number is sent only when a new one was typed.
 */
export function vendorPatch(vendor: Partial<VendorDetail>, tab: FieldTab, values: EditValues): VendorPatch {
  const patch: VendorPatch = {};
  for (const name of tab.fields) {
    const { value } = checkVendorField(name, values[name] ?? '');
    if (value.trim() === '') continue;
    const before = stored(vendor, name);
    const same = isCurrency(name) ? before !== '' && Number(before) === Number(value) : before === value;
    if (isMasked(name) || !same) patch[name] = value;
  }
  return patch;
}

/**
 * The optional profile fields a save empties (`cleared_fields`): emptied in the form, stored with a value. The PATCH
 * body's empty values are not applied, so without it an old website or second contact could never be removed (the
 * screen said "No changes").
 */
export function vendorCleared(vendor: Partial<VendorDetail>, tab: FieldTab, values: EditValues): VendorField[] {
  return tab.fields.filter(
    (name) =>
      (Object.hasOwn(PROFILE_SECTION_OF, name) || isCurrency(name)) && !isMasked(name) && !REQUIRED_FIELDS.has(name as ProfileField) && (values[name] ?? '').trim() === '' && stored(vendor, name) !== '',
  );
}

/**
 * What an ADMIN's save expects of each field it sends: the value as the screen read it, as a digest
 * (profileValueDigest). Not for the bank numbers, which staff only see masked: a new one replaces whatever is there.
 */
export function vendorExpected(vendor: Partial<VendorDetail>, patch: VendorPatch, cleared: readonly VendorField[] = []): Partial<Record<VendorField, string>> {
  return Object.fromEntries(
    [...(Object.keys(patch) as VendorField[]), ...cleared].filter((name) => !isMasked(name)).map((name) => [name, profileValueDigest(stored(vendor, name))]),
  );
}

/** The fields a refused save (409) says someone else changed meanwhile, as they are now; null for any other error. */
export function vendorChangedMeanwhile(error: unknown): Partial<Record<VendorField, string | null>> | null {
  const current = currentOfConflict(error, (name): name is VendorField => Object.hasOwn(VENDOR_FIELDS, name));
  if (!current) return null;
  return Object.fromEntries(Object.entries(current).map(([name, value]) => [name, typeof value === 'string' ? value : null]));
}

// ---------- Documents ----------

export interface VendorDocumentEntry {
  type: VendorDocumentType;
  label: string;
  url: string | null;
}

/** The five documents with the address they are served from (null when none is on file). */
export function vendorDocuments(vendor: Partial<VendorDetail>): VendorDocumentEntry[] {
  return VENDOR_DOCUMENT_TYPES.map((type) => {
    const address = (vendor as Record<string, unknown>)[VENDOR_DOCUMENT_FIELDS[type].url];
    return { type, label: VENDOR_DOCUMENT_LABELS[type], url: servedFileUrl(typeof address === 'string' ? address : null) };
  });
}
