// The vendor profile's fields by section, as the profile page groups them (vendor-side.md section 3).
import { valueDigest } from '../expected';
export const US_STATES: readonly (readonly [code: string, name: string])[] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'],
  ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'],
  ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'],
  ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'],
  ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'],
  ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'],
  ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
];

export const PROFILE_SECTIONS = {
  company: ['legal_name', 'business_name', 'address', 'address_2', 'city', 'state', 'zip_code', 'federal_id', 'mc_number', 'dot_number', 'tax_id', 'website', 'fax'],
  contact: ['contact_name_1', 'email_1', 'phone_1', 'phone_1_ext', 'contact_name_2', 'email_2', 'phone_2', 'phone_2_ext'],
  insurance: ['insurance_company', 'insurance_policy_number', 'insurance_expiration', 'insurance_address', 'insurance_city', 'insurance_state', 'insurance_zip', 'insurance_email', 'insurance_phone', 'insurance_phone_ext'],
  bank: ['bank_account_holder_name', 'bank_name', 'bank_routing_number', 'bank_account_number'],
} as const;
export type ProfileSection = keyof typeof PROFILE_SECTIONS;
export type ProfileField = (typeof PROFILE_SECTIONS)[ProfileSection][number];
export type ProfileValues = Record<ProfileField, string | null>;

export const PROFILE_SECTION_OF = Object.fromEntries(
  Object.entries(PROFILE_SECTIONS).flatMap(([section, fields]) => fields.map((field) => [field, section])),
) as Record<ProfileField, ProfileSection>;

/** Coverage amounts staff record for a vendor (staff-side.md section 3); kept with the insurance section. */
export const COVERAGE_FIELDS = ['liability_amount', 'cargo_amount'] as const;
export type VendorField = ProfileField | (typeof COVERAGE_FIELDS)[number];
export const VENDOR_FIELD_SECTION: Record<VendorField, ProfileSection> = { ...PROFILE_SECTION_OF, liability_amount: 'insurance', cargo_amount: 'insurance' };

export const REQUIRED_PROFILE_FIELDS: Record<ProfileSection, readonly ProfileField[]> = {
  company: ['legal_name', 'address', 'city', 'state', 'zip_code', 'federal_id'],
  contact: ['contact_name_1', 'email_1', 'phone_1'],
  insurance: ['insurance_company', 'insurance_policy_number', 'insurance_expiration'],
  bank: ['bank_account_holder_name', 'bank_name', 'bank_routing_number', 'bank_account_number'],
};

/** Every required profile field: a save may not empty one (the optional ones it may, EditProfile's `cleared`). */
export const REQUIRED_FIELDS: ReadonlySet<ProfileField> = new Set(Object.values(REQUIRED_PROFILE_FIELDS).flat());

/**
 * A profile save's list of the optional fields it empties (the API's addition to the spec's save, whose empty values
 * are not applied); a required one named there is refused with REQUIRED_FIELD_EMPTIED.
 */
export const CLEARED_FIELDS = 'cleared_fields';
export const REQUIRED_FIELD_EMPTIED = 'This field is required.';

/** A save's body with the fields it empties, when there are any. */
export const withClearedFields = <Body extends object>(body: Body, cleared: readonly VendorField[]): Body =>
  cleared.length > 0 ? { ...body, [CLEARED_FIELDS]: cleared } : body;

export const emptyProfileValues = (): ProfileValues =>
  Object.fromEntries(Object.keys(PROFILE_SECTION_OF).map((field) => [field, null])) as ProfileValues;

export const VENDOR_DOCUMENT_TYPES = ['company_authority', 'insurance', 'carrier_agreement', 'bank_document', 'w9_document'] as const;
export type VendorDocumentType = (typeof VENDOR_DOCUMENT_TYPES)[number];
/** The file types a vendor document may be (vendor-side.md: pdf, doc, docx, jpg, jpeg, png); the server checks content too. */
export const VENDOR_DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const;
export const VENDOR_DOCUMENT_LABELS: Record<VendorDocumentType, string> = {
  company_authority: 'Company Authority',
  insurance: 'Insurance Certificate',
  carrier_agreement: 'Carrier Agreement',
  bank_document: 'Bank Document',
  w9_document: 'W-9 Form',
};
/** The profile's URL field and presence flag of each document type. */
export const VENDOR_DOCUMENT_FIELDS: Record<VendorDocumentType, { url: string; flag: string }> = {
  company_authority: { url: 'company_authority_doc_url', flag: 'company_authority_doc' },
  insurance: { url: 'insurance_document_url', flag: 'insurance_document' },
  carrier_agreement: { url: 'carrier_agreement_document_url', flag: 'carrier_agreement_document' },
  bank_document: { url: 'bank_document_url', flag: 'bank_document' },
  w9_document: { url: 'w9_document_url', flag: 'w9_document' },
};

/** The digest a client sends for a profile field's value (X-Expected-Values): an empty field and a missing one alike. */
export const profileValueDigest = (value: string | null | undefined): string => valueDigest(value ? value : null);
