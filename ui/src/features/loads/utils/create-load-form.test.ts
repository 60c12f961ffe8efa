import { describe, expect, it } from 'vitest';
import { buildCreateLoadBody, createLoadDateOrderNotice, emptyCreateLoadForm, loadNumberFormatError } from './create-load-form';

const form = (overrides: Partial<ReturnType<typeof emptyCreateLoadForm>>) => ({ ...emptyCreateLoadForm(), ...overrides });

describe('buildCreateLoadBody', () => {
  it('requires a load number', () => {
    expect(buildCreateLoadBody(form({ loadNumber: '  ' }))).toEqual({ errors: { loadNumber: 'Load Number is required.' } });
  });

  it('prefixes kdt_ once and uses it as load_number and kdt_id', () => {
    expect(buildCreateLoadBody(form({ loadNumber: ' 123 ' }))).toEqual({ body: { load_number: 'kdt_123', kdt_id: 'kdt_123' } });
    expect(buildCreateLoadBody(form({ loadNumber: 'KDT_77' })).body).toEqual({ load_number: 'kdt_77', kdt_id: 'kdt_77' });
  });

  it('leaves the details out unless asked for', () => {
    expect(buildCreateLoadBody(form({ loadNumber: '5', pickupZip: '75201', rateAmount: '100' })).body).toEqual({ load_number: 'kdt_5', kdt_id: 'kdt_5' });
  });

  it('sends the details: zips as locations, MM-DD-YYYY dates as ISO, the rate as a number', () => {
    const built = buildCreateLoadBody(
      form({ loadNumber: '5', withDetails: true, pickupZip: '75201', pickupDate: '11-21-2024', deliveryZip: ' 77001 ', deliveryDate: '11-23-2024', rateAmount: '$1,500.50' }),
    );
    expect(built.body).toEqual({
      load_number: 'kdt_5',
      kdt_id: 'kdt_5',
      pickup_location: '75201',
      pickup_date: '2024-11-21T00:00:00.000Z',
      delivery_location: '77001',
      delivery_date: '2024-11-23T00:00:00.000Z',
      rate_amount: 1500.5,
    });
  });

  it('skips empty details', () => {
    expect(buildCreateLoadBody(form({ loadNumber: '5', withDetails: true, pickupZip: '75201' })).body).toEqual({
      load_number: 'kdt_5',
      kdt_id: 'kdt_5',
      pickup_location: '75201',
    });
  });

  it('reports unreadable dates and rates, and the server schema rules, by form field', () => {
    expect(buildCreateLoadBody(form({ loadNumber: '5', withDetails: true, pickupDate: '2024-11-21', rateAmount: 'lots' })).errors).toEqual({
      pickupDate: 'Enter a valid date as MM-DD-YYYY.',
      rateAmount: 'A valid number is required.',
    });
    expect(buildCreateLoadBody(form({ loadNumber: '5', withDetails: true, rateAmount: '-3' })).errors).toEqual({
      rateAmount: 'Ensure this value is greater than or equal to 0.',
    });
    expect(buildCreateLoadBody(form({ loadNumber: 'a b' })).errors).toEqual({ loadNumber: 'Use only letters, digits, - and _.' });
  });
});

describe('loadNumberFormatError', () => {
  it('is null for an empty or good number, the schema message otherwise', () => {
    expect(loadNumberFormatError('')).toBeNull();
    expect(loadNumberFormatError('123-A_b')).toBeNull();
    expect(loadNumberFormatError('12 3')).toBe('Use only letters, digits, - and _.');
  });
});

describe('buildCreateLoadBody for staff (a vendor must be picked)', () => {
  it('refuses without a vendor, also next to a missing load number', () => {
    expect(buildCreateLoadBody(form({ loadNumber: '9' }), { requireVendor: true })).toEqual({ errors: { vendor: 'Please select a vendor.' } });
    expect(buildCreateLoadBody(form({ loadNumber: '' }), { requireVendor: true })).toEqual({
      errors: { loadNumber: 'Load Number is required.', vendor: 'Please select a vendor.' },
    });
  });

  it('sends the picked vendor profile id', () => {
    const vendor = '1b2c3d4e-0000-4000-8000-000000000001';
    expect(buildCreateLoadBody(form({ loadNumber: '9', vendor }), { requireVendor: true }).body).toEqual({ load_number: 'kdt_9', kdt_id: 'kdt_9', vendor });
  });
});

describe('createLoadDateOrderNotice', () => {
  it('warns under Delivery Date when the delivery is before the pick-up, and only then', () => {
    expect(createLoadDateOrderNotice(form({ withDetails: true, pickupDate: '12-05-2026', deliveryDate: '12-04-2026' }))).toBe('This is before the pick-up (Dec 5).');
    expect(createLoadDateOrderNotice(form({ withDetails: true, pickupDate: '12-05-2026', deliveryDate: '12-05-2026' }))).toBeNull();
    expect(createLoadDateOrderNotice(form({ withDetails: true, pickupDate: '12-05-2026', deliveryDate: '12-06-2026' }))).toBeNull();
    expect(createLoadDateOrderNotice(form({ withDetails: true, pickupDate: '12-05-2026', deliveryDate: '12-0' }))).toBeNull();
    expect(createLoadDateOrderNotice(form({ withDetails: false, pickupDate: '12-05-2026', deliveryDate: '12-04-2026' }))).toBeNull();
  });
});
