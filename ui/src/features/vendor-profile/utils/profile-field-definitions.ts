// How each profile field is drawn: label, input type, placeholder. Rules and requiredness come from the domain.
import { REQUIRED_FIELDS, US_STATES, type ProfileField, type ProfileSection } from '@portal/domain/vendors/profile-fields';
import type { FieldDefinition } from '../../../components/form/field-definition';

export const PROFILE_SECTION_TITLES: Record<ProfileSection, string> = {
  company: 'Company Information',
  contact: 'Contact Information',
  insurance: 'Insurance Information',
  bank: 'Banking Information',
};

const STATE_OPTIONS = US_STATES.map(([code, name]) => ({ value: code, label: `${code} - ${name}` }));
const PHONE = { type: 'tel', placeholder: '(xxx) xxx-xxxx', autoComplete: 'tel-national' } as const;
const EXTENSION = { type: 'text', inputMode: 'numeric', placeholder: 'Ext.', autoComplete: 'off' } as const;
// Digits only: a phone's number pad has no hyphen, and nine digits become 12345-6789 (and xx-xxxxxxx) as typed.
const ZIP = { type: 'text', inputMode: 'numeric', placeholder: '12345 or 12345-6789' } as const;
const TAX_ID = { type: 'text', inputMode: 'numeric', placeholder: 'xx-xxxxxxx', autoComplete: 'off' } as const;

type Drawing = Omit<FieldDefinition, 'name' | 'required' | 'value'>;

const DRAWINGS: Record<ProfileField, Drawing> = {
  legal_name: { label: 'Legal Name', type: 'text', autoComplete: 'organization' },
  business_name: { label: 'Business Name (DBA)', type: 'text' },
  address: { label: 'Address', type: 'text', autoComplete: 'address-line1' },
  address_2: { label: 'Address Line 2', type: 'text', placeholder: 'Suite, unit, building', autoComplete: 'address-line2' },
  city: { label: 'City', type: 'text', autoComplete: 'address-level2' },
  state: { label: 'State', type: 'select', placeholder: 'Select a state', options: STATE_OPTIONS },
  zip_code: { label: 'ZIP Code', ...ZIP, autoComplete: 'postal-code' },
  federal_id: { label: 'Federal ID (EIN)', ...TAX_ID },
  mc_number: { label: 'MC Number', type: 'text', inputMode: 'numeric', placeholder: '123456', hint: '5-7 digits', autoComplete: 'off' },
  dot_number: { label: 'DOT Number', type: 'text', inputMode: 'numeric', placeholder: '1234567', hint: '6-8 digits', autoComplete: 'off' },
  tax_id: { label: 'Tax ID', ...TAX_ID, hint: 'Only if different from the Federal ID' },
  website: { label: 'Website', type: 'text', inputMode: 'url', placeholder: 'https://www.example.com', autoComplete: 'url' },
  fax: { label: 'Fax', ...PHONE, autoComplete: 'off' },

  contact_name_1: { label: 'Primary Contact Name', type: 'text', autoComplete: 'name' },
  email_1: { label: 'Primary Email', type: 'email', autoComplete: 'email' },
  phone_1: { label: 'Primary Phone', ...PHONE },
  phone_1_ext: { label: 'Primary Phone Ext.', ...EXTENSION },
  contact_name_2: { label: 'Secondary Contact Name', type: 'text', autoComplete: 'off' },
  email_2: { label: 'Secondary Email', type: 'email', autoComplete: 'off' },
  phone_2: { label: 'Secondary Phone', ...PHONE, autoComplete: 'off' },
  phone_2_ext: { label: 'Secondary Phone Ext.', ...EXTENSION },

  insurance_company: { label: 'Insurance Company', type: 'text' },
  insurance_policy_number: { label: 'Policy Number', type: 'text', autoComplete: 'off' },
  insurance_expiration: { label: 'Policy Expiration Date', type: 'date' },
  insurance_address: { label: 'Insurer Address', type: 'text', autoComplete: 'off' },
  insurance_city: { label: 'Insurer City', type: 'text', autoComplete: 'off' },
  insurance_state: { label: 'Insurer State', type: 'select', placeholder: 'Select a state', options: STATE_OPTIONS },
  insurance_zip: { label: 'Insurer ZIP Code', ...ZIP, autoComplete: 'off' },
  insurance_email: { label: 'Insurer Email', type: 'email', autoComplete: 'off' },
  insurance_phone: { label: 'Insurer Phone', ...PHONE, autoComplete: 'off' },
  insurance_phone_ext: { label: 'Insurer Phone Ext.', ...EXTENSION },

  bank_account_holder_name: { label: 'Account Holder Name', type: 'text', autoComplete: 'off' },
  bank_name: { label: 'Bank Name', type: 'text', autoComplete: 'off' },
  bank_routing_number: { label: 'Routing Number', type: 'text', inputMode: 'numeric', placeholder: '9 digits', autoComplete: 'off' },
  bank_account_number: { label: 'Account Number', type: 'text', inputMode: 'numeric', placeholder: '4-17 digits', autoComplete: 'off' },
};

export function profileFieldDefinition(field: ProfileField): FieldDefinition {
  return { name: field, required: REQUIRED_FIELDS.has(field), ...DRAWINGS[field] };
}
