// Profile completeness (vendor-side.md section 4), one function for the server's answer and the profile page.
import { REQUIRED_PROFILE_FIELDS, type ProfileField, type ProfileValues, type VendorDocumentType } from './profile-fields';
import { profileErrors } from './profile-rules';

export interface CompletenessInput {
  values: Partial<ProfileValues>;
  documents: Partial<Record<VendorDocumentType, unknown>>;
  agreement: { status: boolean; date: string | null; hasDocument: boolean };
}

export interface Completeness {
  company: boolean;
  contact: boolean;
  insurance: boolean;
  bank: boolean;
  agreement: boolean;
  /** Complete only when all five sections are: the vendor lands on /loads after login. */
  profile: boolean;
}

const filled = (values: Partial<ProfileValues>, fields: readonly ProfileField[]) =>
  fields.every((field) => typeof values[field] === 'string' && values[field]!.trim() !== '');

const errorFree = (values: Partial<ProfileValues>, fields: readonly ProfileField[]) => {
  const errors = profileErrors(Object.fromEntries(fields.map((field) => [field, values[field] ?? null])));
  return Object.keys(errors).length === 0;
};

export function profileCompleteness({ values, documents, agreement }: CompletenessInput): Completeness {
  const section = (name: keyof typeof REQUIRED_PROFILE_FIELDS, allFields: readonly ProfileField[]) =>
    filled(values, REQUIRED_PROFILE_FIELDS[name]) && errorFree(values, allFields);
  const company = section('company', ['legal_name', 'address', 'city', 'state', 'zip_code', 'federal_id', 'mc_number', 'dot_number', 'tax_id', 'website', 'fax']);
  const contact = section('contact', ['contact_name_1', 'email_1', 'phone_1', 'phone_1_ext', 'email_2', 'phone_2', 'phone_2_ext']);
  const insurance = filled(values, REQUIRED_PROFILE_FIELDS.insurance) && Boolean(documents.insurance);
  const bank = filled(values, REQUIRED_PROFILE_FIELDS.bank) && Boolean(documents.bank_document) && Boolean(documents.w9_document);
  const agreementDone = agreement.status && agreement.date !== null && agreement.hasDocument;
  return { company, contact, insurance, bank, agreement: agreementDone, profile: company && contact && insurance && bank && agreementDone };
}
