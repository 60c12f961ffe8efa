import { describe, expect, it } from 'vitest';
import { COVERAGE_FIELDS, PROFILE_SECTIONS, REQUIRED_FIELD_EMPTIED } from '@portal/domain/vendors/profile-fields';
import { profileValueDigest } from '@portal/domain/vendors/profile-fields';
import { ApiError } from '../../../lib/api-client';
import type { VendorDetail } from '../api/vendors';
import {
  changeVendorField,
  checkCurrency,
  displayValue,
  editValuesOf,
  FIELD_TABS,
  formatCurrency,
  UNREADABLE_INPUT,
  maskedDisplay,
  patchErrors,
  VENDOR_TABS,
  vendorChangedMeanwhile,
  vendorCleared,
  vendorDocuments,
  vendorExpected,
  vendorPatch,
} from './vendor-detail';

const tab = (id: string) => FIELD_TABS.find((candidate) => candidate.id === id)!;

const vendor: Partial<VendorDetail> = {
  id: 'v-1',
  legal_name: 'Lone Star Freight LLC',
  phone_1: '(214) 555-0100',
  insurance_company: 'Granite Mutual',
  insurance_policy_number: 'GM-1',
  liability_amount: '1000000.00',
  cargo_amount: null,
  bank_name: 'First Bank',
  bank_account_number: '****6789',
  bank_routing_number: '****0021',
  insurance_document_url: '/api/serve-file/vendor-documents/v-1/abc/coi.pdf',
  w9_document_url: null,
};

describe('tabs', () => {
  it('are Business, Contact, Insurance, Financial and Documents, covering every profile field once', () => {
    expect(VENDOR_TABS.map((entry) => entry.label)).toEqual(['Business', 'Contact', 'Insurance', 'Financial', 'Documents']);
    const fields = FIELD_TABS.flatMap((entry) => entry.fields);
    expect(new Set(fields).size).toBe(fields.length);
    expect([...fields].sort()).toEqual([...Object.values(PROFILE_SECTIONS).flat(), ...COVERAGE_FIELDS].sort());
  });
});

describe('currency', () => {
  it('shows US dollars with 2 decimals, or Not provided', () => {
    expect(formatCurrency('1000000.00')).toBe('$1,000,000.00');
    expect(formatCurrency('250000')).toBe('$250,000.00');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency('12.5')).toBe('$12.50');
    expect(formatCurrency(null)).toBe('Not provided');
    expect(formatCurrency('')).toBe('Not provided');
  });

  it('accepts amounts of 0 or more with at most 2 decimals, stored with 2 decimals', () => {
    expect(checkCurrency('1500000')).toEqual({ value: '1500000.00', error: null });
    expect(checkCurrency('$1,500,000.5')).toEqual({ value: '1500000.50', error: null });
    expect(checkCurrency('0')).toEqual({ value: '0.00', error: null });
    expect(checkCurrency('')).toEqual({ value: '', error: null });
    expect(checkCurrency('-5').error).not.toBeNull();
    expect(checkCurrency('1.005').error).not.toBeNull();
    expect(checkCurrency('ten').error).not.toBeNull();
  });
});

describe('masked bank numbers', () => {
  it('shows what the server sent, and never more than the last four digits', () => {
    expect(maskedDisplay('****6789')).toBe('****6789');
    expect(maskedDisplay('123456789')).toBe('****6789');
    expect(maskedDisplay(null)).toBe('Not provided');
    expect(displayValue('bank_account_number', '000123456789')).toBe('****6789');
  });

  it('start empty in edit mode and are sent only when a new number is typed', () => {
    const financial = tab('financial');
    const values = editValuesOf(vendor, financial);
    expect(values.bank_account_number).toBe('');
    expect(values.bank_name).toBe('First Bank');
    expect(vendorPatch(vendor, financial, values)).toEqual({});
    expect(vendorPatch(vendor, financial, { ...values, bank_account_number: '000123456789' })).toEqual({ bank_account_number: '000123456789' });
  });
});

describe('display', () => {
  it('reads missing values as Not provided, states by name and dates as a calendar day', () => {
    expect(displayValue('legal_name', null)).toBe('Not provided');
    expect(displayValue('state', 'TX')).toBe('TX - Texas');
    expect(displayValue('insurance_expiration', '2027-03-31')).toBe('Mar 31, 2027');
  });
});

describe('editing a tab', () => {
  const insurance = tab('insurance');

  it('sends only the fields that changed, leaving out blanks', () => {
    const values = editValuesOf(vendor, insurance);
    expect(vendorPatch(vendor, insurance, values)).toEqual({});
    const changed = { ...values, insurance_company: 'Harbor Casualty', cargo_amount: '100000', liability_amount: '1000000', insurance_policy_number: '' };
    expect(vendorPatch(vendor, insurance, changed)).toEqual({ insurance_company: 'Harbor Casualty', cargo_amount: '100000.00' });
  });

  it('clears an optional field emptied, and refuses a required one emptied at the field', () => {
    // Before: both left out of the PATCH, and the screen said "No changes".
    const contact = tab('contact');
    const withSecond = { ...vendor, contact_name_2: 'Old Dispatcher', phone_2: '(214) 555-0199' };
    const values = { ...editValuesOf(withSecond, contact), contact_name_2: '', phone_2: ' ' };
    expect(vendorPatch(withSecond, contact, values)).toEqual({});
    expect([...vendorCleared(withSecond, contact, values)].sort()).toEqual(['contact_name_2', 'phone_2']);
    expect(vendorExpected(withSecond, {}, ['contact_name_2'])).toEqual({ contact_name_2: profileValueDigest('Old Dispatcher') });
    expect(patchErrors(withSecond, contact, values)).toEqual({});
    expect(patchErrors(withSecond, contact, { ...values, phone_1: '' })).toEqual({ phone_1: REQUIRED_FIELD_EMPTIED });
    expect(vendorCleared(withSecond, contact, { ...values, phone_1: '' })).not.toContain('phone_1');
    // Nothing stored, nothing to clear; the masked bank numbers start empty and are never cleared.
    expect(vendorCleared(vendor, contact, editValuesOf(vendor, contact))).toEqual([]);
    expect(vendorCleared(vendor, tab('financial'), editValuesOf(vendor, tab('financial')))).toEqual([]);
  });

  it('formats and checks by the domain rules as the user types', () => {
    const contact = tab('contact');
    const typed = changeVendorField(editValuesOf(vendor, contact), {}, 'phone_1', '2145550199');
    expect(typed.values.phone_1).toBe('(214) 555-0199');
    expect(typed.errors).toEqual({});
    const wrong = changeVendorField(typed.values, typed.errors, 'email_1', 'not-an-email');
    expect(wrong.errors.email_1).toBe('Please enter a valid email address.');
    expect(patchErrors(vendor, contact, wrong.values)).toEqual({ email_1: 'Please enter a valid email address.' });
  });

  it('names what an input could not read (a date that is no day, an amount that is no number), not an emptied field', () => {
    const withDate = { ...vendor, insurance_expiration: '2027-06-30' };
    const values = { ...editValuesOf(withDate, insurance), insurance_expiration: UNREADABLE_INPUT, liability_amount: UNREADABLE_INPUT };
    expect(patchErrors(withDate, insurance, values)).toEqual({
      insurance_expiration: 'Enter a valid date.',
      liability_amount: 'Enter an amount in dollars, at least 0, with up to 2 decimals.',
    });
    expect(changeVendorField(editValuesOf(withDate, insurance), {}, 'liability_amount', UNREADABLE_INPUT).errors).toEqual({
      liability_amount: 'Enter an amount in dollars, at least 0, with up to 2 decimals.',
    });
    expect(vendorCleared(withDate, insurance, values)).toEqual([]);
  });

  it('clears a coverage amount emptied (before, the save left it unchanged and said so)', () => {
    const values = { ...editValuesOf(vendor, insurance), liability_amount: ' ' };
    expect(vendorPatch(vendor, insurance, values)).toEqual({});
    expect(vendorCleared(vendor, insurance, values)).toEqual(['liability_amount']);
  });

  it('holds a bad amount against the save', () => {
    const typed = changeVendorField(editValuesOf(vendor, insurance), {}, 'cargo_amount', '-1');
    expect(typed.values.cargo_amount).toBe('-1');
    expect(Object.keys(patchErrors(vendor, insurance, typed.values))).toEqual(['cargo_amount']);
  });
});

describe('documents', () => {
  it('lists the five documents with their served address or none', () => {
    const documents = vendorDocuments(vendor);
    expect(documents.map((document) => document.label)).toEqual([
      'Company Authority',
      'Insurance Certificate',
      'Carrier Agreement',
      'Bank Document',
      'W-9 Form',
    ]);
    expect(documents.find((document) => document.type === 'insurance')?.url).toBe('/api/serve-file/vendor-documents/v-1/abc/coi.pdf');
    expect(documents.find((document) => document.type === 'w9_document')?.url).toBeNull();
  });
});

describe('what an ADMIN\'s save expects, and what a refusal says changed', () => {
  it('expects each field sent as the screen read it, never the masked bank numbers', () => {
    const read = { city: 'Dallas', fax: null, liability_amount: '1000000.00', bank_account_number: '****2873' } as unknown as Partial<VendorDetail>;
    expect(vendorExpected(read, { city: 'Austin', fax: '555', liability_amount: '5.00', bank_account_number: '123456789' })).toEqual({
      city: profileValueDigest('Dallas'),
      fax: profileValueDigest(null),
      liability_amount: profileValueDigest('1000000.00'),
    });
  });

  it('reads a 409\'s fields as they are now, and nothing from other errors', () => {
    expect(vendorChangedMeanwhile(new ApiError(409, { current: { city: 'Round Rock', fax: null, vendor: 'x' } }))).toEqual({ city: 'Round Rock', fax: null });
    expect(vendorChangedMeanwhile(new ApiError(400, { current: { city: 'x' } }))).toBeNull();
    expect(vendorChangedMeanwhile(new Error('offline'))).toBeNull();
  });
});
