// The load's fields, grouped as the load detail screen groups them into sections.
export const LOAD_STATUSES = ['open', 'picked_up', 'delivered', 'cancelled'] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];
export const LOAD_STATUS_LABELS: Record<LoadStatus, string> = { open: 'Open', picked_up: 'Picked Up', delivered: 'Delivered', cancelled: 'Cancelled' };

/** A date stored without a time sits at UTC midnight (vendor-side.md section 5): it has no clock time to show. */
export const isUtcMidnight = (date: Date): boolean =>
  date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0 && date.getUTCMilliseconds() === 0;

export const PAYMENT_STATUSES = ['unpaid', 'partial', 'paid', 'disputed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { unpaid: 'Unpaid', partial: 'Partial', paid: 'Paid', disputed: 'Disputed' };

export const LOAD_SECTIONS = {
  pickup: ['pickup_location', 'pickup_contact', 'pickup_number', 'pickup_notes'],
  delivery: ['delivery_location', 'delivery_contact', 'delivery_number', 'delivery_notes'],
  rate: ['rate_amount', 'rate_type', 'miles', 'amount_paid', 'last_payment_date', 'payment_notes'],
  equipment: ['equipment_type', 'temperature_required', 'temperature_min', 'temperature_max', 'weight', 'total_pieces', 'is_hazmat', 'special_instructions'],
  tracking: ['last_location', 'last_update', 'estimated_delivery_time', 'tracking_status'],
} as const;
export type LoadSection = keyof typeof LOAD_SECTIONS;
export const LOAD_SECTION_LABELS: Record<LoadSection, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  rate: 'Rate & Payment',
  equipment: 'Equipment & Load Details',
  tracking: 'Tracking',
};

export type SectionField = (typeof LOAD_SECTIONS)[LoadSection][number];
export const SECTION_OF: Record<SectionField, LoadSection> = Object.fromEntries(
  Object.entries(LOAD_SECTIONS).flatMap(([section, fields]) => fields.map((field) => [field, section])),
) as Record<SectionField, LoadSection>;

export const NUMBER_FIELDS = ['rate_amount', 'miles', 'amount_paid', 'temperature_min', 'temperature_max', 'weight', 'total_pieces'] as const;
export const BOOLEAN_FIELDS = ['temperature_required', 'is_hazmat'] as const;
export const DATE_FIELDS = ['pickup_date', 'delivery_date', 'last_payment_date', 'last_update', 'estimated_delivery_time'] as const;

export type FieldValue = string | number | boolean | null;

/**
 * The fields outside the sections a change may say it expects (X-Expected-Values), as a load's answer names them: the
 * values the status, payment status and date controls set outright.
 */
export const EXPECTABLE_OUTSIDE_SECTIONS = ['pickup_date', 'delivery_date', 'status', 'payment_status'] as const;
export type SectionValues = { [K in SectionField]: FieldValue };

export const emptySectionValues = (): SectionValues =>
  Object.fromEntries(Object.keys(SECTION_OF).map((field) => [field, null])) as SectionValues;

export const LOAD_NUMBER_PREFIX = 'kdt_';

/** The number the user typed, without the kdt_ prefix (in any case) or the spaces around it. */
export function loadNumberWithoutPrefix(typed: string): string {
  const trimmed = typed.trim();
  return trimmed.toLowerCase().startsWith(LOAD_NUMBER_PREFIX) ? trimmed.slice(LOAD_NUMBER_PREFIX.length) : trimmed;
}

/** The typed number prefixed kdt_ (once): the load's load_number and kdt_id alike. */
export function normalizeLoadNumber(typed: string): string {
  return LOAD_NUMBER_PREFIX + loadNumberWithoutPrefix(typed);
}

export const loadStream = (loadId: string) => `load-${loadId}`;
/** Load numbers are unique whatever their case. */
export const loadNumberStream = (kdtId: string) => `load-number-${kdtId.toLowerCase()}`;

export const LOAD_DOCUMENT_TYPES = ['bill_of_lading', 'proof_of_delivery', 'rate_confirmation', 'scale_ticket', 'invoice', 'photos', 'other'] as const;
export type LoadDocumentType = (typeof LOAD_DOCUMENT_TYPES)[number];
export const LOAD_DOCUMENT_LABELS: Record<LoadDocumentType, string> = {
  bill_of_lading: 'Bill of Lading',
  proof_of_delivery: 'Proof of Delivery',
  rate_confirmation: 'Rate Confirmation',
  scale_ticket: 'Scale Ticket',
  invoice: 'Invoice',
  photos: 'Photos',
  other: 'Other Document',
};
export const LOAD_DOCUMENT_SHORT_LABELS: Record<LoadDocumentType, string> = {
  bill_of_lading: 'BOL',
  proof_of_delivery: 'POD',
  rate_confirmation: 'Rate Con',
  scale_ticket: 'Scale Ticket',
  invoice: 'Invoice',
  photos: 'Photos',
  other: 'Other',
};
/** Load documents: pdf, doc, docx and images (gif too); photos must be images. */
export const LOAD_DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'gif'] as const;
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;

/** How screens label each load field (the detail's sections, the history's snapshots). */
export const LOAD_FIELD_LABELS: Record<SectionField | 'pickup_date' | 'delivery_date', string> = {
  pickup_location: 'Pickup Location',
  pickup_date: 'Pickup Date',
  pickup_contact: 'Pickup Contact',
  pickup_number: 'Pickup Number',
  pickup_notes: 'Pickup Notes',
  delivery_location: 'Delivery Location',
  delivery_date: 'Delivery Date',
  delivery_contact: 'Delivery Contact',
  delivery_number: 'Delivery Number',
  delivery_notes: 'Delivery Notes',
  rate_amount: 'Rate Amount',
  rate_type: 'Rate Type',
  miles: 'Miles',
  amount_paid: 'Amount Paid',
  last_payment_date: 'Last Payment Date',
  payment_notes: 'Payment Notes',
  equipment_type: 'Equipment Type',
  temperature_required: 'Temperature Required',
  temperature_min: 'Min Temperature',
  temperature_max: 'Max Temperature',
  weight: 'Weight',
  total_pieces: 'Total Pieces',
  is_hazmat: 'Hazmat',
  special_instructions: 'Special Instructions',
  last_location: 'Last Location',
  last_update: 'Last Update',
  estimated_delivery_time: 'Estimated Delivery',
  tracking_status: 'Tracking Status',
};
