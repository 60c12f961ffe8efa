// A vendor as staff saw it at one change: the company, contact and insurance fields (bank numbers stay out).
import { COVERAGE_FIELDS, PROFILE_SECTIONS, type VendorField } from '@portal/domain/vendors/profile-fields';
import type { StatusTone } from '../../../components/status-badge';
import { dateRow, moneyRow, type SnapshotGroup, type SnapshotRow, textRow } from './snapshot';

/** GET /api/vendors/{id}/?as_of_position=…: the staff vendor shape; only what the snapshot shows is named. */
export type VendorSnapshot = Partial<Record<VendorField, string | null>> & {
  id: string;
  username?: string;
  status?: string;
};

type ShownField = (typeof PROFILE_SECTIONS)['company' | 'contact' | 'insurance'][number] | (typeof COVERAGE_FIELDS)[number];

export const VENDOR_FIELD_LABELS: Record<ShownField, string> = {
  legal_name: 'Legal Name',
  business_name: 'Business Name (DBA)',
  address: 'Address',
  address_2: 'Address Line 2',
  city: 'City',
  state: 'State',
  zip_code: 'ZIP Code',
  federal_id: 'Federal ID (EIN)',
  mc_number: 'MC Number',
  dot_number: 'DOT Number',
  tax_id: 'Tax ID',
  website: 'Website',
  fax: 'Fax',
  contact_name_1: 'Primary Contact Name',
  email_1: 'Primary Email',
  phone_1: 'Primary Phone',
  phone_1_ext: 'Primary Phone Ext.',
  contact_name_2: 'Secondary Contact Name',
  email_2: 'Secondary Email',
  phone_2: 'Secondary Phone',
  phone_2_ext: 'Secondary Phone Ext.',
  insurance_company: 'Insurance Company',
  insurance_policy_number: 'Policy Number',
  insurance_expiration: 'Policy Expiration Date',
  insurance_address: 'Insurer Address',
  insurance_city: 'Insurer City',
  insurance_state: 'Insurer State',
  insurance_zip: 'Insurer ZIP Code',
  insurance_email: 'Insurer Email',
  insurance_phone: 'Insurer Phone',
  insurance_phone_ext: 'Insurer Phone Ext.',
  liability_amount: 'Liability Coverage',
  cargo_amount: 'Cargo Coverage',
};

const VENDOR_STATUS: Record<string, { label: string; tone: StatusTone }> = {
  active: { label: 'Active', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  other: { label: 'Other', tone: 'error' },
};

function fieldRow(field: ShownField, value: unknown): SnapshotRow {
  const label = VENDOR_FIELD_LABELS[field];
  if (field === 'liability_amount' || field === 'cargo_amount') return moneyRow(label, value);
  if (field === 'insurance_expiration') return dateRow(label, value);
  return textRow(label, value);
}

export function vendorSnapshotGroups(vendor: VendorSnapshot): SnapshotGroup[] {
  const status = vendor.status ? VENDOR_STATUS[vendor.status] : undefined;
  const account: SnapshotGroup = {
    title: 'Vendor',
    rows: [
      textRow('Username', vendor.username),
      status ? { label: 'Status', value: status.label, tone: status.tone } : textRow('Status', vendor.status),
    ],
  };
  const group = (title: string, fields: readonly ShownField[]): SnapshotGroup => ({ title, rows: fields.map((field) => fieldRow(field, vendor[field])) });
  return [
    account,
    group('Company', PROFILE_SECTIONS.company),
    group('Contact', PROFILE_SECTIONS.contact),
    group('Insurance', [...PROFILE_SECTIONS.insurance, ...COVERAGE_FIELDS]),
  ];
}
