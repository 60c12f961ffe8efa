// A load as it was at one change: status, payment status, dates and every section field (staff-side.md section 2).
import {
  BOOLEAN_FIELDS,
  DATE_FIELDS,
  LOAD_FIELD_LABELS,
  LOAD_SECTIONS,
  LOAD_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  type LoadSection,
  type LoadStatus,
  type PaymentStatus,
  type SectionField,
} from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import type { StatusTone } from '../../../components/status-badge';
import { SECTION_TITLES } from '../../loads/utils/section-fields';
import { booleanRow, dateRow, moneyRow, numberRow, type SnapshotGroup, type SnapshotRow, textRow } from './snapshot';


const MONEY_FIELDS: ReadonlySet<string> = new Set(['rate_amount', 'amount_paid']);
const NUMBER_UNITS: Partial<Record<SectionField, string>> = { temperature_min: '°F', temperature_max: '°F', weight: 'lbs', miles: 'mi' };
const NUMBER_FIELDS: ReadonlySet<string> = new Set(['miles', 'temperature_min', 'temperature_max', 'weight', 'total_pieces']);

const STATUS_TONES: Record<LoadStatus, StatusTone> = { open: 'info', picked_up: 'warning', delivered: 'success', cancelled: 'error' };
export const PAYMENT_STATUS_TONES: Record<PaymentStatus, StatusTone> = { unpaid: 'neutral', partial: 'warning', paid: 'success', disputed: 'error' };

function fieldRow(field: SectionField, value: unknown): SnapshotRow {
  const label = LOAD_FIELD_LABELS[field];
  if (MONEY_FIELDS.has(field)) return moneyRow(label, value);
  if (NUMBER_FIELDS.has(field)) return numberRow(label, value, NUMBER_UNITS[field]);
  if ((BOOLEAN_FIELDS as readonly string[]).includes(field)) return booleanRow(label, value);
  if ((DATE_FIELDS as readonly string[]).includes(field)) return dateRow(label, value);
  return textRow(label, value);
}

function statusRow(label: string, value: string | null | undefined, labels: Record<string, string>, tones: Record<string, StatusTone>): SnapshotRow {
  if (!value) return textRow(label, null);
  return { label, value: labels[value] ?? value, tone: tones[value] ?? 'neutral' };
}

export function loadSnapshotGroups(load: LoadView): SnapshotGroup[] {
  const values = load as unknown as Record<string, unknown>;
  const summary: SnapshotGroup = {
    title: 'Load',
    rows: [
      textRow('Load ID', load.kdt_id),
      textRow('Vendor', load.vendor_name ?? 'Not assigned'),
      statusRow('Status', load.status, LOAD_STATUS_LABELS, STATUS_TONES),
      statusRow('Payment Status', load.payment_status, PAYMENT_STATUS_LABELS, PAYMENT_STATUS_TONES),
      dateRow('Pickup Date', load.pickup_date),
      dateRow('Delivery Date', load.delivery_date),
    ],
  };
  const sections = (Object.keys(LOAD_SECTIONS) as LoadSection[]).map((section) => ({
    // The headings of the load's own page ("Equipment & Load Details", not "... Information").
    title: SECTION_TITLES[section],
    rows: LOAD_SECTIONS[section].map((field) => fieldRow(field, values[field])),
  }));
  return [summary, ...sections];
}
