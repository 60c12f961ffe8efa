// Every validation rule of vendor-side.md section 5, written once: the command API validates with it (400 field
// errors), the profile page validates and auto-formats with it on every change.
import { own } from '../own';
import { US_STATES, type ProfileField } from './profile-fields';
import { DATE_YEAR_MESSAGE, inDateYears } from '../calendar';

const digits = (value: string) => value.replace(/\D/g, '');

// What people type between the digits of a number; any other character makes the value wrong, not merely longer
// (stripping it would save 'acct 12-34' as 1234, and 'n/a' as nothing at all).
const NUMBER_CHARACTERS = /^[\d\s-]*$/;
const PHONE_CHARACTERS = /^[\d\s().+-]*$/;

/** The digits of a number typed with separators; anything else stays as typed, for the field's check to refuse. */
const digitsOfNumber = (value: string) => {
  const trimmed = value.trim();
  return NUMBER_CHARACTERS.test(trimmed) && /\d/.test(trimmed) ? digits(trimmed) : trimmed;
};

/** (xxx) xxx-xxxx from ten digits (a leading US 1 is dropped); anything else stays as typed. */
export function formatPhone(value: string): string {
  if (!PHONE_CHARACTERS.test(value.trim())) return value;
  let d = digits(value);
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  if (d.length !== 10) return value;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** xx-xxxxxxx from nine digits (EIN / tax id); anything else stays as typed. */
export function formatTaxId(value: string): string {
  if (!NUMBER_CHARACTERS.test(value.trim())) return value;
  const d = digits(value);
  return d.length === 9 ? `${d.slice(0, 2)}-${d.slice(2)}` : value;
}

/** 12345 or 12345-6789 from five or nine digits. */
export function formatZip(value: string): string {
  if (!NUMBER_CHARACTERS.test(value.trim())) return value;
  const d = digits(value);
  if (d.length === 5) return d;
  if (d.length === 9) return `${d.slice(0, 5)}-${d.slice(5)}`;
  return value;
}

/**
 * MC number: the spec reads it both as 5-7 digits and as xx-xxxxxxx. FMCSA docket numbers are plain digits, usually
 * written with an MC prefix ("MC-123456"), so we store the digits and accept "MC-", "MC " and the dashed hint on input.
 */
export function normalizeMcNumber(value: string): string {
  const stripped = value.trim().replace(/^MC[\s-]*/i, '');
  return /^[\d-]+$/.test(stripped) ? digits(stripped) : value.trim();
}

/** DOT number: USDOT numbers are written with their prefix ("USDOT 1234567", "DOT# 1234567"); the digits are stored. */
export function normalizeDotNumber(value: string): string {
  const number = digitsOfNumber(value.trim().replace(/^(US)?\s*DOT\s*(#|No\.?)?[\s:-]*/i, ''));
  return /^\d+$/.test(number) ? number : value.trim();
}

const PHONE_MESSAGE = 'Phone format: (xxx) xxx-xxxx';
const TAX_ID_MESSAGE = 'Tax ID format: xx-xxxxxxx';
const ZIP_MESSAGE = 'ZIP code format: 12345 or 12345-6789';
const EMAIL_MESSAGE = 'Please enter a valid email address.';
const STATE_CODES = new Set(US_STATES.map(([code]) => code));

type Rule = { normalize?: (value: string) => string; check: (value: string) => string | null; maxLength?: number };

const pattern = (regex: RegExp, message: string) => (value: string) => (regex.test(value) ? null : message);

const phone: Rule = { normalize: formatPhone, check: pattern(/^\(\d{3}\) \d{3}-\d{4}$/, PHONE_MESSAGE) };
const taxId: Rule = { normalize: formatTaxId, check: pattern(/^\d{2}-\d{7}$/, TAX_ID_MESSAGE) };
// ZIP: US ZIP or ZIP+4 for both zip fields; the insurance hint's "5 or 7 digits" is not a US format.
const zip: Rule = { normalize: formatZip, check: pattern(/^\d{5}(-\d{4})?$/, ZIP_MESSAGE) };
const email: Rule = { normalize: (v) => v.trim().toLowerCase(), check: pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, EMAIL_MESSAGE), maxLength: 254 };
const state: Rule = { normalize: (v) => v.trim().toUpperCase(), check: (v) => (STATE_CODES.has(v) ? null : 'Select a valid state.') };
const extension: Rule = { normalize: digitsOfNumber, check: pattern(/^\d{1,6}$/, 'Extension must be 1-6 digits') };
/**
 * Whether yyyy-mm-dd names a day that exists (Date.parse takes Feb 30 as Mar 2). Date.UTC reads years below 100 as
 * 19xx, so those (year 0 among them) are refused too.
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const date: Rule = {
  check: (v) => {
    if (!isCalendarDate(v)) return 'Enter a valid date (yyyy-mm-dd).';
    return inDateYears(Number(v.slice(0, 4))) ? null : DATE_YEAR_MESSAGE;
  },
};
const text = (maxLength: number): Rule => ({ normalize: (v) => v.trim(), check: () => null, maxLength });

export const PROFILE_RULES: Record<ProfileField, Rule> = {
  legal_name: text(200), business_name: text(200), address: text(255), address_2: text(255), city: text(100), state, zip_code: zip,
  federal_id: taxId, mc_number: { normalize: normalizeMcNumber, check: pattern(/^\d{5,7}$/, 'MC Number must be 5-7 digits') },
  dot_number: { normalize: normalizeDotNumber, check: pattern(/^\d{6,8}$/, 'DOT Number must be 6-8 digits') }, tax_id: taxId,
  website: { normalize: (v) => v.trim(), check: pattern(/^(https?:\/\/)?[\w-]+(\.[\w-]+)+(\/\S*)?$/i, 'Enter a valid website address.'), maxLength: 255 },
  fax: phone,
  contact_name_1: text(150), email_1: email, phone_1: phone, phone_1_ext: extension,
  contact_name_2: text(150), email_2: email, phone_2: phone, phone_2_ext: extension,
  insurance_company: text(200), insurance_policy_number: text(100), insurance_expiration: date, insurance_address: text(255),
  insurance_city: text(100), insurance_state: state, insurance_zip: zip, insurance_email: email, insurance_phone: phone, insurance_phone_ext: extension,
  bank_account_holder_name: text(200), bank_name: text(200),
  bank_routing_number: { normalize: digitsOfNumber, check: pattern(/^\d{9}$/, 'Routing number must be 9 digits') },
  bank_account_number: { normalize: digitsOfNumber, check: pattern(/^\d{4,17}$/, 'Account number must be 4-17 digits') },
};

/**
 * Characters as a person counts them (an emoji is one), as the shared schemas' zod checks count them: a limit named
 * in a message must not be hit before that many characters (101 emoji were "more than 200 characters").
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** The value as stored (auto-formatted) and its error, if any. Empty values are not checked: requiredness is separate. */
export function checkProfileField(field: ProfileField, raw: string): { value: string; error: string | null } {
  const rule = own(PROFILE_RULES, field);
  if (!rule) return { value: raw, error: 'This field cannot be changed.' };
  const value = rule.normalize ? rule.normalize(raw) : raw;
  if (value === '') return { value, error: null };
  if (rule.maxLength !== undefined && value.length > rule.maxLength && characterCount(value) > rule.maxLength) return { value, error: `Ensure this field has no more than ${rule.maxLength} characters.` };
  return { value, error: rule.check(value) };
}

/** Errors of a set of values, field by field (for the page's on-change validation and the server's 400). */
export function profileErrors(values: Partial<Record<ProfileField, string | null>>): Partial<Record<ProfileField, string>> {
  const errors: Partial<Record<ProfileField, string>> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === null || value === undefined || !Object.hasOwn(PROFILE_RULES, field)) continue;
    const { error } = checkProfileField(field as ProfileField, value);
    if (error) errors[field as ProfileField] = error;
  }
  return errors;
}
