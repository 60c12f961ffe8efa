// Events as the history panels read them: "Payment status: Unpaid -> Partial", "Rate amount: $1,200.00 -> $1,350.00".
// Secrets never appear: password hashes and activation secrets are not described, bank numbers can be masked.
import { isUtcMidnight, LOAD_DOCUMENT_SHORT_LABELS, LOAD_STATUS_LABELS, PAYMENT_STATUS_LABELS, type LoadDocumentType } from '../loads/fields';
import { formatCalendarDay, wallClockIn } from '../calendar';
import { VENDOR_DOCUMENT_LABELS, type VendorDocumentType } from '../vendors/profile-fields';
import { maskDigits } from '../vendors/staff-view';

const MONEY_FIELDS = new Set(['rate_amount', 'amount_paid', 'liability_amount', 'cargo_amount']);
const DATE_TIME_FIELDS = new Set(['pickup_date', 'delivery_date', 'last_payment_date', 'last_update', 'estimated_delivery_time']);
/** Calendar days (yyyy-mm-dd), shown as the load lines show a day: 'Nov 26, 2027'. */
const DAY_FIELDS = new Set(['insurance_expiration']);
const BANK_FIELDS = new Set(['bank_account_number', 'bank_routing_number']);
const LABELS: Record<string, string> = {
  mc_number: 'MC number', dot_number: 'DOT number', federal_id: 'Federal ID (EIN)', tax_id: 'Tax ID', zip_code: 'ZIP code',
  email_1: 'Email', email_2: 'Second email', phone_1: 'Phone', phone_2: 'Second phone', phone_1_ext: 'Phone ext.', phone_2_ext: 'Second phone ext.',
  contact_name_1: 'Contact name', contact_name_2: 'Second contact name', business_name: 'Business name (DBA)', address_2: 'Address line 2',
  insurance_zip: 'Insurance ZIP code', phone_ext: 'Phone ext.', is_hazmat: 'Hazmat', temperature_min: 'Minimum temperature',
  temperature_max: 'Maximum temperature', temperature_required: 'Temperature controlled', weight: 'Weight', tracking_status: 'Tracking status',
};

export const fieldLabel = (field: string) => LABELS[field] ?? field.charAt(0).toUpperCase() + field.slice(1).replace(/_/g, ' ');

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Fields whose values are codes: shown by the labels the screens use ("Picked Up", not "picked_up"). */
const CODE_LABELS: Record<string, Readonly<Record<string, string>>> = { status: LOAD_STATUS_LABELS, payment_status: PAYMENT_STATUS_LABELS };

export interface DescribeOptions {
  /** Staff see bank numbers masked to the last 4 digits. */
  maskBank?: boolean;
  /** The IANA zone a date with a time is shown in, named after it ("Dec 1, 2026, 2:00 AM CST"); UTC by default. */
  timeZone?: string;
}

export function formatValue(field: string, value: unknown, options: DescribeOptions = {}): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (DAY_FIELDS.has(field) && typeof value === 'string') return formatCalendarDay(value);
  if (MONEY_FIELDS.has(field) && !Number.isNaN(Number(value))) return usd.format(Number(value));
  if (DATE_TIME_FIELDS.has(field) && typeof value === 'string') {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) {
      // A date stored without a time sits at UTC midnight (as the screens read it): its calendar day only.
      if (isUtcMidnight(date)) return formatCalendarDay(date.toISOString());
      // In the reader's zone, as the screens show times, and named, so a line never reads as another time than the
      // field's. Plain spaces (Intl puts a narrow no-break space before AM/PM), so CSV and search read it as typed.
      const text = date.toLocaleString('en-US', {
        month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: options.timeZone ?? 'UTC', timeZoneName: 'short',
      });
      return text.replace(/[\u202f\u00a0]/g, ' ');
    }
  }
  const label = typeof value === 'string' && Object.hasOwn(CODE_LABELS[field] ?? {}, value) ? CODE_LABELS[field]![value] : undefined;
  if (label) return label;
  if (field === 'temperature_min' || field === 'temperature_max') return `${value} °F`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (options.maskBank && BANK_FIELDS.has(field)) return maskDigits(String(value)) ?? '(none)';
  return String(value);
}

/**
 * A moment as spreadsheets read one without asking: "2026-11-26 14:39:03", to the second, in `timeZone` (an IANA zone
 * the caller has checked; UTC by default). An export filtered by the reader's days shows its times in the same zone,
 * so a change made on the evening of Nov 30 in Chicago is not stamped Dec 1 in a November file.
 */
export function spreadsheetTime(date: Date, timeZone = 'UTC'): string {
  if (timeZone === 'UTC') return date.toISOString().slice(0, 19).replace('T', ' ');
  const { day, time } = wallClockIn(date, timeZone);
  return `${day} ${time}`;
}

/**
 * A value as an export holds it, for a spreadsheet to read as what it is: an amount as a plain number ("2650.00", not
 * "$2,650.00" text), a date as "2026-11-26" (with a time, as spreadsheetTime, in `timeZone`), a status by its label, nothing
 * as an empty cell (not "(none)").
 */
export function exportValue(field: string, value: unknown, timeZone = 'UTC'): string {
  if (value === null || value === undefined || value === '') return '';
  if (MONEY_FIELDS.has(field) && typeof value !== 'boolean' && Number.isFinite(Number(value))) return Number(value).toFixed(2);
  if ((DATE_TIME_FIELDS.has(field) || DAY_FIELDS.has(field)) && typeof value === 'string') {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return isUtcMidnight(date) ? date.toISOString().slice(0, 10) : spreadsheetTime(date, timeZone);
  }
  const label = typeof value === 'string' && Object.hasOwn(CODE_LABELS[field] ?? {}, value) ? CODE_LABELS[field]![value] : undefined;
  return label ?? String(value);
}

const change = (field: string, from: unknown, to: unknown, options: DescribeOptions) =>
  `${fieldLabel(field)}: ${formatValue(field, from, options)} -> ${formatValue(field, to, options)}`;

const changes = (map: Record<string, { from: unknown; to: unknown }>, options: DescribeOptions) =>
  Object.entries(map).map(([field, c]) => change(field, c.from, c.to, options));

export const tierLabel = (tier: string) => ({ ADMIN: 'Admin', DISPATCH_OPS: 'Dispatch/Ops', ACCOUNTING: 'Accounting', PENDING: 'No Tier Assigned' })[tier] ?? tier;

/** Readable lines for one event; an unknown type still reads as something. */
export function describeEvent(type: string, data: Record<string, any>, options: DescribeOptions = {}): string[] {
  switch (type) {
    case 'UserSignedUp':
      return [`Account created: ${data.username} (${data.kind === 'VENDOR' ? 'vendor' : 'staff'})`];
    case 'UserActivated':
      return ['Account activated'];
    case 'UserLoggedIn':
      return ['Logged in'];
    case 'UserDeleted':
      return ['Account deleted'];
    case 'UserRestored':
      return ['Account restored'];
    case 'UserSignUpAbandoned':
      return [`Sign-up never completed; the username ${data.username} was taken over`];
    case 'StaffProfileCreated':
      return [`Staff profile created (tier: ${tierLabel(data.tier)})`];
    case 'StaffTierChanged':
      return [`Tier: ${tierLabel(data.from)} -> ${tierLabel(data.to)}`];
    case 'StaffProfileEdited':
      return changes(data.changes, options);
    case 'VendorProfileCreated':
      return ['Vendor profile created'];
    case 'VendorProfileEdited':
      return changes(data.changes, options);
    case 'VendorDocumentUploaded':
      return [`Document uploaded: ${VENDOR_DOCUMENT_LABELS[data.document_type as VendorDocumentType] ?? data.document_type} ${data.file.name}` + (data.replaced ? ` (replacing ${data.replaced.name})` : '')];
    case 'CarrierAgreementSigned':
      return [`Carrier agreement signed on ${formatCalendarDay(String(data.date))} (agreement version ${data.agreement_version})`];
    case 'VendorDeleted':
      return ['Vendor deleted'];
    case 'VendorRestored':
      return ['Vendor restored'];
    case 'LoadCreated': {
      const details = ['pickup_location', 'pickup_date', 'delivery_location', 'delivery_date', 'rate_amount']
        .filter((field) => data[field] !== null && data[field] !== undefined)
        .map((field) => `${fieldLabel(field)}: ${formatValue(field, data[field], options)}`);
      return [`Load created: ${data.kdt_id}${data.vendor_name ? ` for ${data.vendor_name}` : ''}`, ...details];
    }
    case 'LoadStatusChanged':
      return [change('status', data.from, data.to, options)];
    case 'LoadPaymentStatusChanged':
      return [change('payment_status', data.from, data.to, options)];
    case 'LoadPickupDateSet':
      return [change('pickup_date', data.from, data.to, options)];
    case 'LoadDeliveryDateSet':
      return [change('delivery_date', data.from, data.to, options)];
    case 'LoadSectionEdited':
      return changes(data.changes, options);
    case 'LoadVendorAssigned':
      return [`Vendor: ${data.from?.name ?? '(none)'} -> ${data.to.name ?? data.to.id}`];
    case 'LoadDocumentUploaded':
      return [`Document uploaded: ${LOAD_DOCUMENT_SHORT_LABELS[data.document_type as LoadDocumentType] ?? data.document_type} ${data.file.name}`];
    case 'LoadDocumentDeleted':
      return [`Document deleted: ${LOAD_DOCUMENT_SHORT_LABELS[data.document_type as LoadDocumentType] ?? data.document_type} ${data.file_name}`];
    case 'LoadDeleted':
      return ['Load deleted'];
    case 'LoadRestored':
      return ['Load restored'];
    case 'LoadCreationAbandoned':
      return [`Load creation abandoned: ${data.kdt_id} went to another load`];
    default:
      return [type.replace(/([a-z])([A-Z])/g, '$1 $2')];
  }
}

/**
 * The payment facts of a load event (payment audit): payment status, amount paid, last payment date, payment notes,
 * and the rate, which decides what is owed (a rate cut after a partial payment ends the balance: accounting must see it).
 */
export const PAYMENT_FIELDS = ['payment_status', 'amount_paid', 'last_payment_date', 'payment_notes', 'rate_amount'] as const;

export function paymentChanges(type: string, data: Record<string, any>): { field: string; from: unknown; to: unknown }[] {
  if (type === 'LoadPaymentStatusChanged') return [{ field: 'payment_status', from: data.from, to: data.to }];
  if (type === 'LoadSectionEdited' && data.section === 'rate') {
    return Object.entries(data.changes as Record<string, { from: unknown; to: unknown }>)
      .filter(([field]) => (PAYMENT_FIELDS as readonly string[]).includes(field))
      .map(([field, c]) => ({ field, from: c.from, to: c.to }));
  }
  return [];
}
