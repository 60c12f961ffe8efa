// The inline create form (vendor-side.md section 5): the typed number gets the kdt_ prefix and serves as both
// load_number and kdt_id; the optional details are a pickup and delivery zip and date, and a rate.
import { normalizeLoadNumber } from '@portal/domain/loads/fields';
import { createLoadSchema, loadNumberSchema } from '@portal/domain/loads/schemas';
import { mmDdYyyyToIso } from '../../../lib/format-date';
import { dateOrderNotice } from './date-dialog';
import { LOAD_MESSAGES } from './load-messages';
import { invalidNumberMessage, parseDecimal } from './parse-decimal';
import { INVALID_DATE } from './section-form';

export interface CreateLoadForm {
  loadNumber: string;
  /** The vendor profile id staff pick; vendors create for themselves and leave it empty. */
  vendor: string;
  withDetails: boolean;
  pickupZip: string;
  pickupDate: string;
  deliveryZip: string;
  deliveryDate: string;
  rateAmount: string;
}

export type CreateLoadFormErrors = Partial<Record<keyof CreateLoadForm, string>>;

export interface CreateLoadRequest {
  load_number: string;
  kdt_id: string;
  vendor?: string;
  pickup_location?: string;
  pickup_date?: string;
  delivery_location?: string;
  delivery_date?: string;
  rate_amount?: number;
}

export const emptyCreateLoadForm = (): CreateLoadForm => ({
  loadNumber: '',
  vendor: '',
  withDetails: false,
  pickupZip: '',
  pickupDate: '',
  deliveryZip: '',
  deliveryDate: '',
  rateAmount: '',
});

/** The format message for a typed load number, or null when the server would take it (taken or not). */
export function loadNumberFormatError(typed: string): string | null {
  if (typed.trim() === '') return null;
  const result = loadNumberSchema.safeParse(normalizeLoadNumber(typed));
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

const SCHEMA_FIELD_TO_FORM: Record<string, keyof CreateLoadForm> = {
  load_number: 'loadNumber',
  kdt_id: 'loadNumber',
  vendor: 'vendor',
  pickup_location: 'pickupZip',
  pickup_date: 'pickupDate',
  delivery_location: 'deliveryZip',
  delivery_date: 'deliveryDate',
  rate_amount: 'rateAmount',
};

/**
 * The POST body, or the messages to show next to the fields instead of sending. Staff must pick the vendor the load
 * is for (`requireVendor`); a vendor's own loads are its own.
 */
export function buildCreateLoadBody(
  form: CreateLoadForm,
  options: { requireVendor?: boolean } = {},
): { body: CreateLoadRequest; errors?: undefined } | { body?: undefined; errors: CreateLoadFormErrors } {
  const errors: CreateLoadFormErrors = {};
  const vendorMissing = options.requireVendor === true && form.vendor.trim() === '';
  if (form.loadNumber.trim() === '') {
    return { errors: { loadNumber: LOAD_MESSAGES.loadNumberRequired, ...(vendorMissing && { vendor: LOAD_MESSAGES.vendorRequired }) } };
  }
  if (vendorMissing) errors.vendor = LOAD_MESSAGES.vendorRequired;
  const kdtId = normalizeLoadNumber(form.loadNumber);
  const body: CreateLoadRequest = { load_number: kdtId, kdt_id: kdtId };
  if (form.vendor.trim() !== '') body.vendor = form.vendor.trim();

  if (form.withDetails) {
    if (form.pickupZip.trim()) body.pickup_location = form.pickupZip.trim();
    if (form.deliveryZip.trim()) body.delivery_location = form.deliveryZip.trim();
    for (const [field, key] of [['pickupDate', 'pickup_date'], ['deliveryDate', 'delivery_date']] as const) {
      if (form[field].trim() === '') continue;
      const iso = mmDdYyyyToIso(form[field]);
      if (iso === null) errors[field] = INVALID_DATE;
      else body[key] = iso;
    }
    const rate = parseDecimal(form.rateAmount);
    if (rate === undefined) errors.rateAmount = invalidNumberMessage(form.rateAmount);
    else if (rate !== null) body.rate_amount = rate;
  }

  // The server's own rules, shared: length and characters of the number, location lengths, the rate's range.
  const checked = createLoadSchema.safeParse(body);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = SCHEMA_FIELD_TO_FORM[String(issue.path[0])] ?? 'loadNumber';
      errors[field] ??= issue.message;
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { body };
}

/** The warning under Delivery Date when both dates read and the delivery is before the pick-up (see dateOrderNotice). */
export function createLoadDateOrderNotice(form: CreateLoadForm): string | null {
  if (!form.withDetails) return null;
  return dateOrderNotice('delivery_date', mmDdYyyyToIso(form.deliveryDate), mmDdYyyyToIso(form.pickupDate));
}
