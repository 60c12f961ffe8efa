import { describe, expect, it } from 'vitest';
import { profileValueDigest } from '@portal/domain/vendors/profile-fields';
import { ApiError } from '../../../lib/api-client';
import {
  buildProfilePayload,
  changedMeanwhileOf,
  changeField,
  clearedFieldsOf,
  completenessOf,
  errorsOf,
  expectedOf,
  firstErrorField,
  formValuesOf,
  mergeWithCurrent,
  SAVE_FAILED,
  saveErrorMessage,
  saveFieldErrors,
} from './profile-form';

const empty = formValuesOf(undefined);
const complete = {
  ...empty,
  legal_name: 'Lone Star Freight LLC', address: '1200 Commerce St', city: 'Dallas', state: 'TX', zip_code: '75202', federal_id: '75-1234567',
  contact_name_1: 'Maria Lopez', email_1: 'dispatch@lonestarfreight.com', phone_1: '(214) 555-0142',
  insurance_company: 'Progressive Commercial', insurance_policy_number: 'PC-88231', insurance_expiration: '2027-06-30',
  bank_account_holder_name: 'Lone Star Freight LLC', bank_name: 'Frost Bank', bank_routing_number: '114000093', bank_account_number: '00012345678',
};
const allDocuments = { company_authority: true, insurance: true, bank_document: true, w9_document: true };
const signed = { status: true, date: '2026-11-21', hasDocument: true };

describe('formValuesOf', () => {
  it('gives every profile field, null and missing as empty, and ignores the rest', () => {
    const values = formValuesOf({ legal_name: 'Acme', city: null, insurance_document_url: '/x', is_complete: true });
    expect(values.legal_name).toBe('Acme');
    expect(values.city).toBe('');
    expect(values.bank_account_number).toBe('');
    expect(Object.keys(values)).toHaveLength(35);
    expect(values).not.toHaveProperty('insurance_document_url');
  });
});

describe('changeField', () => {
  it('auto-formats phones and tax ids and clears the error once valid', () => {
    let state = changeField(empty, {}, 'phone_1', '214555014');
    expect(state.values.phone_1).toBe('214555014');
    expect(state.errors.phone_1).toBe('Phone format: (xxx) xxx-xxxx');
    state = changeField(state.values, state.errors, 'phone_1', '2145550142');
    expect(state.values.phone_1).toBe('(214) 555-0142');
    expect(state.errors).toEqual({});
    expect(changeField(empty, {}, 'federal_id', '751234567').values.federal_id).toBe('75-1234567');
    expect(changeField(empty, {}, 'tax_id', '12-34').errors.tax_id).toBe('Tax ID format: xx-xxxxxxx');
  });

  it('gives each spec message', () => {
    const cases: [Parameters<typeof changeField>[2], string, string][] = [
      ['mc_number', '12', 'MC Number must be 5-7 digits'],
      ['dot_number', '123', 'DOT Number must be 6-8 digits'],
      ['bank_routing_number', '12345', 'Routing number must be 9 digits'],
      ['bank_account_number', '12', 'Account number must be 4-17 digits'],
      ['zip_code', '7520', 'ZIP code format: 12345 or 12345-6789'],
      ['insurance_zip', '1234567', 'ZIP code format: 12345 or 12345-6789'],
      ['fax', '12', 'Phone format: (xxx) xxx-xxxx'],
    ];
    for (const [field, raw, message] of cases) expect(changeField(empty, {}, field, raw).errors[field], field).toBe(message);
  });

  it('keeps spaces as typed in plain text, and an emptied field has no error', () => {
    expect(changeField(empty, {}, 'legal_name', 'Lone ').values.legal_name).toBe('Lone ');
    expect(changeField(empty, { zip_code: 'x' }, 'zip_code', '').errors).toEqual({});
  });

  it('says at the field when a saved required value is emptied; an optional one emptied is cleared by the save', () => {
    const saved = { ...complete, fax: '(214) 555-0199', website: 'https://old.example' };
    expect(changeField(saved, {}, 'legal_name', '  ', saved).errors).toEqual({ legal_name: 'Legal Name is required.' });
    expect(changeField(saved, {}, 'fax', '', saved).errors).toEqual({});
    const emptiedOptional = { ...saved, fax: '', website: ' ', legal_name: '' };
    // Only optional fields filled in the profile as last read: a required one is refused at the field above.
    expect([...clearedFieldsOf(emptiedOptional, saved)].sort()).toEqual(['fax', 'website']);
    expect(clearedFieldsOf(saved, saved)).toEqual([]);
    expect(expectedOf({ city: 'Austin' }, saved, ['fax'])).toEqual({ city: profileValueDigest(saved.city), fax: profileValueDigest('(214) 555-0199') });
    // Typed back, the error goes; a field that was never saved may stay empty.
    const emptied = changeField(saved, {}, 'legal_name', '', saved);
    expect(changeField(emptied.values, emptied.errors, 'legal_name', 'Lone Star Freight', saved).errors).toEqual({});
    expect(changeField(saved, {}, 'address_2', '', saved).errors).toEqual({});
    expect(changeField(empty, {}, 'legal_name', '', empty).errors).toEqual({});
  });
});

describe('buildProfilePayload', () => {
  it('sends only non-empty profile fields, trimmed, never documents or other keys', () => {
    expect(
      buildProfilePayload({
        ...empty,
        legal_name: '  Acme Freight ',
        city: '   ',
        phone_1: '(214) 555-0142',
        insurance_document_url: '/api/serve-file/x',
        carrier_agreement_document: 'sig.png',
        w9_document: true,
        email_2: null,
        fax: undefined,
      }),
    ).toEqual({ legal_name: 'Acme Freight', phone_1: '(214) 555-0142' });
  });
});

describe('mergeWithCurrent', () => {
  const base = complete;

  it('keeps what someone else changed meanwhile where this form did not change it', () => {
    const mine = { ...base, city: 'San Marcos' };
    const now = { ...base, phone_1: '(512) 555-0199' };
    expect(mergeWithCurrent(mine, base, now)).toEqual({ values: { ...base, city: 'San Marcos', phone_1: '(512) 555-0199' }, clashes: {} });
  });

  it('is a clash where both changed one field differently, and not where both made it the same', () => {
    const mine = { ...base, website: 'mine.example.com', city: 'Austin' };
    const now = { ...base, website: 'theirs.example.com', city: ' Austin ' };
    expect(mergeWithCurrent(mine, base, now)).toEqual({ values: mine, clashes: { website: 'theirs.example.com' } });
  });

  it('changes nothing when nobody else changed anything', () => {
    const mine = { ...base, city: 'Waco' };
    expect(mergeWithCurrent(mine, base, base)).toEqual({ values: mine, clashes: {} });
  });
});

describe('errorsOf and firstErrorField', () => {
  it('finds the first error in page order', () => {
    const errors = errorsOf({ ...empty, bank_routing_number: '1', phone_1: '2', zip_code: '3' });
    expect(Object.keys(errors).sort()).toEqual(['bank_routing_number', 'phone_1', 'zip_code']);
    expect(firstErrorField(errors)).toBe('zip_code');
    expect(firstErrorField({ detail: 'x', email_2: ['bad'] })).toBe('email_2');
    expect(firstErrorField({})).toBeUndefined();
  });
});

describe('completenessOf', () => {
  it('is complete with every required field, the documents and a signed agreement', () => {
    expect(completenessOf(complete, allDocuments, signed)).toEqual({ company: true, contact: true, insurance: true, bank: true, agreement: true, profile: true });
  });

  it('needs the documents of insurance and bank, an error-free company and a full agreement', () => {
    const result = completenessOf({ ...complete, mc_number: '12' }, { insurance: true, bank_document: true }, { status: true, date: null, hasDocument: true });
    expect(result).toEqual({ company: false, contact: true, insurance: true, bank: false, agreement: false, profile: false });
    expect(completenessOf({ ...complete, city: '  ' }, allDocuments, signed).company).toBe(false);
  });
});

describe('save messages', () => {
  it('lists the refused fields in the banner and per field', () => {
    const error = new ApiError(400, { phone_1: ['Phone format: (xxx) xxx-xxxx'], zip_code: ['ZIP code format: 12345 or 12345-6789'], is_staff: ['This field cannot be changed.'] });
    expect(saveErrorMessage(error)).toBe(
      'Save failed: phone_1: Phone format: (xxx) xxx-xxxx | zip_code: ZIP code format: 12345 or 12345-6789 | is_staff: This field cannot be changed.',
    );
    expect(saveFieldErrors(error)).toEqual({ phone_1: 'Phone format: (xxx) xxx-xxxx', zip_code: 'ZIP code format: 12345 or 12345-6789' });
  });

  it('gives a detail, or the generic text without a body', () => {
    expect(saveErrorMessage(new ApiError(403, { detail: 'You do not have permission to edit this profile.' }))).toBe(
      'Save failed: You do not have permission to edit this profile.',
    );
    expect(saveErrorMessage(new ApiError(502, null))).toBe(SAVE_FAILED);
    expect(saveErrorMessage(new TypeError('Failed to fetch'))).toBe(SAVE_FAILED);
  });
});

describe('what a save expects, and what a refusal says changed', () => {
  it('expects each field it sends as last read, an empty one as empty', () => {
    const seen = { ...complete, website: '' };
    expect(expectedOf({ city: 'Austin', website: 'x.example.com' }, seen)).toEqual({ city: profileValueDigest('Dallas'), website: profileValueDigest(null) });
  });

  it("reads a 409's fields as they are now ('' for empty), and nothing from other errors", () => {
    expect(changedMeanwhileOf(new ApiError(409, { detail: 'x', current: { city: 'Austin', fax: null, username: 'not a field' } }))).toEqual({ city: 'Austin', fax: '' });
    expect(changedMeanwhileOf(new ApiError(409, { detail: 'x' }))).toBeNull();
    expect(changedMeanwhileOf(new ApiError(400, { current: { city: 'Austin' } }))).toBeNull();
    expect(changedMeanwhileOf(new Error('offline'))).toBeNull();
  });
});
