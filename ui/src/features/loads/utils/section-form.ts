// Section editing (vendor-side.md sections 4-5): the form's values from the load, and back to a patch that holds
// only what changed. Numbers parse as decimals, dates are stored at UTC midnight, empty means null.
import type { FieldValue, LoadSection } from '@portal/domain/loads/fields';
import { PAYMENT_DATE_IN_FUTURE, updateLoadSchema } from '@portal/domain/loads/schemas';
import { todayIsoDate } from '../../../lib/calendar-days';
import { isDateOnly, isoToMmDdYyyy, mmDdYyyyToIso } from '../../../lib/format-date';
import { issuesByField } from '../../../lib/validation';
import { invalidNumberMessage, parseDecimal } from './parse-decimal';
import { type EditableField, SECTION_FIELDS, type SectionFieldSpec } from './section-fields';
import { formatUsd } from '../../../lib/money';

export type FormValue = string | boolean;
export type SectionFormValues = Partial<Record<EditableField, FormValue>>;
export type SectionPatch = Partial<Record<EditableField, FieldValue>>;
export type SectionErrors = Partial<Record<EditableField, string>>;
export type LoadValues = { [K in EditableField]?: FieldValue };

export const INVALID_DATE = 'Enter a valid date as MM-DD-YYYY.';

export function toFormValue(spec: SectionFieldSpec, value: FieldValue | undefined): FormValue {
  if (spec.kind === 'boolean') return value === true;
  if (value === null || value === undefined) return '';
  if (spec.kind === 'date') return typeof value === 'string' ? isoToMmDdYyyy(value) : '';
  // Dollars and cents, as a person writes them: 1007.50, not 1007.5.
  if (spec.kind === 'money' && typeof value === 'number') return value.toFixed(2);
  return String(value);
}

export function sectionFormValues(load: LoadValues, section: LoadSection): SectionFormValues {
  return Object.fromEntries(SECTION_FIELDS[section].map((spec) => [spec.name, toFormValue(spec, load[spec.name])]));
}

type Parsed = { ok: true; value: FieldValue } | { ok: false; error: string };

/** A form value as the API takes it. */
export function fromFormValue(spec: SectionFieldSpec, raw: FormValue | undefined): Parsed {
  if (spec.kind === 'boolean') return { ok: true, value: raw === true };
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return { ok: true, value: null };
  if (spec.kind === 'number' || spec.kind === 'money') {
    const number = parseDecimal(text);
    return number === undefined ? { ok: false, error: invalidNumberMessage(text) } : { ok: true, value: number };
  }
  if (spec.kind === 'date') {
    const iso = mmDdYyyyToIso(text);
    return iso === null ? { ok: false, error: INVALID_DATE } : { ok: true, value: iso };
  }
  return { ok: true, value: text };
}

/**
 * The fields whose value differs from the one the form started with, compared as the API would store them,
 * so '1200' edited to '1200.00' or 'Dallas ' to 'Dallas' is no change. Unparseable input is an error, not sent.
 */
export function diffSection(section: LoadSection, initial: SectionFormValues, current: SectionFormValues): { patch: SectionPatch; errors: SectionErrors } {
  const patch: SectionPatch = {};
  const errors: SectionErrors = {};
  for (const spec of SECTION_FIELDS[section]) {
    const before = initial[spec.name];
    const after = current[spec.name];
    if (after === before) continue;
    const parsedAfter = fromFormValue(spec, after);
    if (!parsedAfter.ok) {
      errors[spec.name] = parsedAfter.error;
      continue;
    }
    const parsedBefore = fromFormValue(spec, before);
    if (parsedBefore.ok && parsedBefore.value === parsedAfter.value) continue;
    patch[spec.name] = parsedAfter.value;
  }
  return { patch, errors };
}

/**
 * The server's own rules (lengths, ranges, whole numbers), checked before sending: the schema is shared. And a payment
 * date after the user's own today: the server can only refuse a day that has begun nowhere on earth yet (it does not
 * know where the user is), so in the Americas tomorrow's date went through.
 */
export function validateSectionPatch(patch: SectionPatch, now: Date = new Date()): SectionErrors {
  const result = updateLoadSchema.safeParse(patch);
  const errors: SectionErrors = result.success
    ? {}
    : Object.fromEntries(Object.entries(issuesByField(result.error.issues)).map(([field, messages]) => [field, messages.join(' ')]));
  const paid = patch.last_payment_date;
  if (!errors.last_payment_date && typeof paid === 'string' && isDateOnly(paid) && paid.slice(0, 10) > todayIsoDate(now)) {
    errors.last_payment_date = PAYMENT_DATE_IN_FUTURE;
  }
  return errors;
}

/** Two stored values of a field, the same as the API stores them ('777' and 777, '' and null; a date by its instant). */
function sameStored(spec: SectionFieldSpec, a: FieldValue | undefined, b: FieldValue | undefined): boolean {
  const empty = (value: FieldValue | undefined) => value === null || value === undefined || value === '';
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  if (spec.kind === 'number' || spec.kind === 'money') return Number(a) === Number(b);
  if (spec.kind === 'date') return new Date(String(a)).getTime() === new Date(String(b)).getTime();
  return a === b;
}

/**
 * The fields a patch would change that someone else changed too while the form was open (the load kept fresh by live
 * pushes), with their stored values now: sent as they are, the patch would overwrite those changes unseen. Compared as
 * stored, not as the form shows them (a date field shows its day only, so a time set meanwhile would not show). A field
 * someone else already set to exactly what this save sets is no clash.
 */
export function changedMeanwhile(section: LoadSection, patch: SectionPatch, opened: LoadValues, now: LoadValues): LoadValues {
  const clashes: LoadValues = {};
  for (const spec of SECTION_FIELDS[section]) {
    const field = spec.name;
    if (!Object.hasOwn(patch, field) || sameStored(spec, now[field], opened[field]) || sameStored(spec, now[field], patch[field])) continue;
    clashes[field] = now[field] ?? null;
  }
  return clashes;
}

/** A section's fields as stored on the load (the form's starting point before it is turned into text). */
export function sectionStoredValues(load: LoadValues, section: LoadSection): LoadValues {
  return Object.fromEntries(SECTION_FIELDS[section].map((spec) => [spec.name, load[spec.name] ?? null]));
}


/**
 * What the form warns of without refusing: an amount paid above the rate amount, a slip of a digit as often as not
 * (1,000,000 typed for 1,000.00), though accessorials or a per-mile rate can make it right, so it is saved if the
 * user saves.
 */
export function sectionNotices(section: LoadSection, values: SectionFormValues): SectionErrors {
  if (section !== 'rate') return {};
  const paid = parseDecimal(typeof values.amount_paid === 'string' ? values.amount_paid : '');
  const rate = parseDecimal(typeof values.rate_amount === 'string' ? values.rate_amount : '');
  // A negative rate is refused on its own field; comparing with it would only add a second, confusing message.
  if (typeof paid !== 'number' || typeof rate !== 'number' || rate < 0 || paid <= rate) return {};
  return { amount_paid: `More than the rate amount (${formatUsd(rate)}): check it before saving. It can still be saved.` };
}
