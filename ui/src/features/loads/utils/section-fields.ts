// How the load detail draws each section: its fields in order, their labels and input kinds.
import { BOOLEAN_FIELDS, DATE_FIELDS, LOAD_FIELD_LABELS, LOAD_SECTIONS, NUMBER_FIELDS, type LoadSection, type SectionField } from '@portal/domain/loads/fields';

/** A section's fields, plus the pickup and delivery dates that the pickup and delivery sections show too. */
export type EditableField = SectionField | 'pickup_date' | 'delivery_date';
export type FieldKind = 'text' | 'textarea' | 'number' | 'money' | 'date' | 'boolean';

export interface SectionFieldSpec {
  name: EditableField;
  label: string;
  kind: FieldKind;
  /** Shown after a number: '°F', 'lbs', 'mi'. */
  unit?: string;
}

export const FIELD_LABELS: Record<EditableField, string> = LOAD_FIELD_LABELS;

const UNITS: Partial<Record<EditableField, string>> = { temperature_min: '°F', temperature_max: '°F', weight: 'lbs', miles: 'mi' };
const TEXTAREAS: ReadonlySet<EditableField> = new Set(['pickup_notes', 'delivery_notes', 'payment_notes', 'special_instructions']);
const MONEY: ReadonlySet<EditableField> = new Set(['rate_amount', 'amount_paid']);

function kindOf(field: EditableField): FieldKind {
  if (MONEY.has(field)) return 'money';
  if ((NUMBER_FIELDS as readonly string[]).includes(field)) return 'number';
  if ((BOOLEAN_FIELDS as readonly string[]).includes(field)) return 'boolean';
  if ((DATE_FIELDS as readonly string[]).includes(field)) return 'date';
  return TEXTAREAS.has(field) ? 'textarea' : 'text';
}

const spec = (name: EditableField): SectionFieldSpec => ({ name, label: FIELD_LABELS[name], kind: kindOf(name), unit: UNITS[name] });

// The date goes right after the location, the way a dispatcher reads a stop.
const withDate = (fields: readonly SectionField[], date: 'pickup_date' | 'delivery_date'): EditableField[] => [fields[0]!, date, ...fields.slice(1)];

export const SECTION_FIELDS: Record<LoadSection, SectionFieldSpec[]> = {
  pickup: withDate(LOAD_SECTIONS.pickup, 'pickup_date').map(spec),
  delivery: withDate(LOAD_SECTIONS.delivery, 'delivery_date').map(spec),
  rate: LOAD_SECTIONS.rate.map(spec),
  equipment: LOAD_SECTIONS.equipment.map(spec),
  tracking: LOAD_SECTIONS.tracking.map(spec),
};

/** The label a message names a field by; unknown fields read as their words ('rate_amount' -> 'Rate amount'). */
export function fieldLabel(field: string): string {
  if (Object.hasOwn(FIELD_LABELS, field)) return FIELD_LABELS[field as EditableField];
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Section headings on the detail page; messages use LOAD_SECTION_LABELS + ' Information'. */
export const SECTION_TITLES: Record<LoadSection, string> = {
  pickup: 'Pickup Information',
  delivery: 'Delivery Information',
  rate: 'Rate & Payment',
  equipment: 'Equipment & Load Details',
  tracking: 'Tracking Information',
};
