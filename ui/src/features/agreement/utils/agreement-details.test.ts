import { describe, expect, it } from 'vitest';
import { agreementCompanyName, formatAgreementDate, savedAgreementOf, signatureFile, signatureFileName } from './agreement-details';

describe('agreement dates', () => {
  it('shows the long form of a calendar day', () => {
    expect(formatAgreementDate('2026-11-21')).toBe('November 21, 2026');
    expect(formatAgreementDate('2027-01-01')).toBe('January 1, 2027');
    expect(formatAgreementDate('2026-11-21T00:00:00Z')).toBe('November 21, 2026');
    expect(formatAgreementDate('soon')).toBe('soon');
  });
});

describe('agreementCompanyName', () => {
  it('prefers the given name, then business, then legal name', () => {
    expect(agreementCompanyName('Given Co', { business_name: 'DBA', legal_name: 'Legal LLC' })).toBe('Given Co');
    expect(agreementCompanyName(undefined, { business_name: 'DBA', legal_name: 'Legal LLC' })).toBe('DBA');
    expect(agreementCompanyName('', { business_name: null, legal_name: 'Legal LLC' })).toBe('Legal LLC');
    expect(agreementCompanyName(null, { business_name: '  ', legal_name: null })).toBe('Your Company');
    expect(agreementCompanyName(undefined, undefined)).toBe('Your Company');
  });
});

describe('savedAgreementOf', () => {
  it('needs status, date and signature together', () => {
    const signed = { carrier_agreement_status: true, carrier_agreement_date: '2026-11-21', carrier_agreement_document_url: '/api/serve-file/vendor-documents/v/h/signature-1.png' };
    expect(savedAgreementOf(signed)).toEqual({ date: '2026-11-21', signatureUrl: signed.carrier_agreement_document_url });
    expect(savedAgreementOf({ ...signed, carrier_agreement_status: false })).toBeNull();
    expect(savedAgreementOf({ ...signed, carrier_agreement_date: null })).toBeNull();
    expect(savedAgreementOf({ ...signed, carrier_agreement_document_url: null })).toBeNull();
    expect(savedAgreementOf(undefined)).toBeNull();
  });

  it('rewrites an old media address', () => {
    expect(savedAgreementOf({ carrier_agreement_status: true, carrier_agreement_date: '2026-11-21', carrier_agreement_document_url: '/media/signatures/s.png' })?.signatureUrl).toBe(
      '/api/serve-file/signatures/s.png',
    );
  });
});

describe('signature file', () => {
  it('is a png named with a timestamp', () => {
    expect(signatureFileName(1763730000000)).toBe('signature-1763730000000.png');
    const file = signatureFile(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 1763730000000);
    expect(file?.name).toBe('signature-1763730000000.png');
    expect(file?.type).toBe('image/png');
    expect(file?.size).toBe(4);
  });

  it('is never made from nothing', () => {
    expect(signatureFile(null)).toBeNull();
    expect(signatureFile(new Blob([]))).toBeNull();
  });
});
