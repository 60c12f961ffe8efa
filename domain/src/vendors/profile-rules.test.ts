import { describe, expect, it } from 'vitest';
import { profileCompleteness } from './completeness';
import { emptyProfileValues, US_STATES } from './profile-fields';
import { checkProfileField, formatPhone, formatTaxId, normalizeDotNumber, normalizeMcNumber } from './profile-rules';

const ok = (field: Parameters<typeof checkProfileField>[0], raw: string) => checkProfileField(field, raw);

describe('profile field rules (vendor-side.md section 5)', () => {
  it('formats and checks phones as (xxx) xxx-xxxx', () => {
    for (const field of ['phone_1', 'phone_2', 'fax', 'insurance_phone'] as const) {
      expect(ok(field, '2145550142')).toEqual({ value: '(214) 555-0142', error: null });
      expect(ok(field, '+1 214.555.0142')).toEqual({ value: '(214) 555-0142', error: null });
      expect(ok(field, '555-0142').error).toBe('Phone format: (xxx) xxx-xxxx');
    }
    expect(formatPhone('214')).toBe('214');
  });

  it('accepts MC numbers of 5-7 digits, also written MC-123456 or with the dashed hint', () => {
    expect(ok('mc_number', 'MC-123456')).toEqual({ value: '123456', error: null });
    expect(ok('mc_number', 'mc 12345').value).toBe('12345');
    expect(ok('mc_number', '12-34567').value).toBe('1234567');
    expect(ok('mc_number', '1234').error).toBe('MC Number must be 5-7 digits');
    expect(ok('mc_number', '12345678').error).toBe('MC Number must be 5-7 digits');
    expect(ok('mc_number', 'MC-12a45').error).toBe('MC Number must be 5-7 digits');
    expect(normalizeMcNumber('MC123456')).toBe('123456');
    // The DOT number with its usual prefixes, as MC numbers have theirs stripped.
    for (const typed of ['USDOT 1234567', 'usdot1234567', 'US DOT# 1234567', 'DOT 1234567', 'DOT No. 1234567', '1234567']) expect(normalizeDotNumber(typed), typed).toBe('1234567');
    expect(normalizeDotNumber('DOTX')).toBe('DOTX');
  });

  it('formats and checks EIN and tax id as xx-xxxxxxx', () => {
    for (const field of ['federal_id', 'tax_id'] as const) {
      expect(ok(field, '751234567')).toEqual({ value: '75-1234567', error: null });
      expect(ok(field, '75-123456').error).toBe('Tax ID format: xx-xxxxxxx');
    }
    expect(formatTaxId('12')).toBe('12');
  });

  it('checks DOT (6-8), routing (9) and account (4-17) digits', () => {
    expect(ok('dot_number', '2345678').error).toBeNull();
    expect(ok('dot_number', '12345').error).toBe('DOT Number must be 6-8 digits');
    expect(ok('dot_number', '123456789').error).toBe('DOT Number must be 6-8 digits');
    expect(ok('bank_routing_number', '114000093').error).toBeNull();
    expect(ok('bank_routing_number', '11400009').error).toBe('Routing number must be 9 digits');
    expect(ok('bank_account_number', '1234').error).toBeNull();
    expect(ok('bank_account_number', '123').error).toBe('Account number must be 4-17 digits');
    expect(ok('bank_account_number', '1'.repeat(18)).error).toBe('Account number must be 4-17 digits');
  });

  it('takes digits typed with spaces and hyphens, refuses any other character, and reads whitespace alone as empty', () => {
    expect(ok('bank_account_number', '0001 2345-678')).toEqual({ value: '00012345678', error: null });
    expect(ok('phone_1_ext', ' 12 ')).toEqual({ value: '12', error: null });
    expect(ok('bank_account_number', 'acct 12-34').error).toBe('Account number must be 4-17 digits');
    expect(ok('bank_account_number', 'abc').error).toBe('Account number must be 4-17 digits');
    expect(ok('bank_routing_number', '--').error).toBe('Routing number must be 9 digits');
    expect(ok('dot_number', 'n/a').error).toBe('DOT Number must be 6-8 digits');
    expect(ok('phone_1_ext', 'x').error).toBe('Extension must be 1-6 digits');
    expect(ok('phone_1', 'tel 214 555 0142').error).toBe('Phone format: (xxx) xxx-xxxx');
    expect(ok('zip_code', 'TX 75202').error).toBe('ZIP code format: 12345 or 12345-6789');
    expect(ok('federal_id', 'EIN 751234567').error).toBe('Tax ID format: xx-xxxxxxx');
    expect(ok('bank_account_number', '   ')).toEqual({ value: '', error: null });
  });

  it('accepts US ZIP and ZIP+4 for both ZIP fields', () => {
    for (const field of ['zip_code', 'insurance_zip'] as const) {
      expect(ok(field, '75202')).toEqual({ value: '75202', error: null });
      expect(ok(field, '752021234')).toEqual({ value: '75202-1234', error: null });
      expect(ok(field, '75202-1234').error).toBeNull();
      expect(ok(field, '7520212').error).toBe('ZIP code format: 12345 or 12345-6789');
    }
  });

  it('checks emails, states, dates and lengths', () => {
    expect(ok('email_1', ' Ops@Carrier.COM ')).toEqual({ value: 'ops@carrier.com', error: null });
    expect(ok('email_1', 'ops@carrier').error).toBe('Please enter a valid email address.');
    expect(ok('state', 'tx')).toEqual({ value: 'TX', error: null });
    expect(ok('state', 'XX').error).toBe('Select a valid state.');
    expect(US_STATES).toHaveLength(51);
    expect(ok('insurance_expiration', '2027-06-30').error).toBeNull();
    expect(ok('insurance_expiration', '06/30/2027').error).toBe('Enter a valid date (yyyy-mm-dd).');
    for (const day of ['0100-01-01', '1899-12-31', '2201-01-01', '9999-12-31']) {
      expect(ok('insurance_expiration', day).error, day).toBe('Enter a year between 1900 and 2200.');
    }
    expect(ok('legal_name', 'x'.repeat(201)).error).toBe('Ensure this field has no more than 200 characters.');
    // Characters as people count them (and as the load schemas do): 200 emoji are 200, not 400.
    expect(ok('legal_name', '🚚'.repeat(200)).error).toBeNull();
    expect(ok('legal_name', '🚚'.repeat(201)).error).toBe('Ensure this field has no more than 200 characters.');
  });
});

describe('profile completeness (vendor-side.md section 4)', () => {
  const values = {
    ...emptyProfileValues(),
    legal_name: 'Lone Star Freight LLC', address: '1200 Commerce St', city: 'Dallas', state: 'TX', zip_code: '75202', federal_id: '75-1234567',
    contact_name_1: 'Maria Lopez', email_1: 'ops@lonestar.com', phone_1: '(214) 555-0142',
    insurance_company: 'Progressive', insurance_policy_number: 'PC-1', insurance_expiration: '2027-06-30',
    bank_account_holder_name: 'Lone Star', bank_name: 'Frost', bank_routing_number: '114000093', bank_account_number: '12345678',
  };
  const docs = { insurance: {}, bank_document: {}, w9_document: {} };
  const signed = { status: true, date: '2026-11-21', hasDocument: true };

  it('is complete only when all five sections are', () => {
    expect(profileCompleteness({ values, documents: docs, agreement: signed })).toEqual({ company: true, contact: true, insurance: true, bank: true, agreement: true, profile: true });
  });

  it('needs each section\'s required fields, documents and a valid agreement', () => {
    expect(profileCompleteness({ values: { ...values, federal_id: null }, documents: docs, agreement: signed })).toMatchObject({ company: false, profile: false });
    expect(profileCompleteness({ values: { ...values, dot_number: '12' }, documents: docs, agreement: signed }).company).toBe(false);
    expect(profileCompleteness({ values: { ...values, phone_1: '555' }, documents: docs, agreement: signed }).contact).toBe(false);
    expect(profileCompleteness({ values, documents: { bank_document: {}, w9_document: {} }, agreement: signed }).insurance).toBe(false);
    expect(profileCompleteness({ values, documents: { insurance: {}, bank_document: {} }, agreement: signed }).bank).toBe(false);
    expect(profileCompleteness({ values, documents: docs, agreement: { status: true, date: null, hasDocument: true } }).agreement).toBe(false);
    expect(profileCompleteness({ values, documents: docs, agreement: { status: false, date: '2026-11-21', hasDocument: false } }).profile).toBe(false);
  });
});
