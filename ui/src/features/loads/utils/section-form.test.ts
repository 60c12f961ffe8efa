import { describe, expect, it } from 'vitest';
import { emptySectionValues } from '@portal/domain/loads/fields';
import { changedMeanwhile, diffSection, INVALID_DATE, type LoadValues, sectionFormValues, sectionNotices, validateSectionPatch } from './section-form';

const stored = (overrides: LoadValues = {}): LoadValues => ({ ...emptySectionValues(), pickup_date: null, delivery_date: null, ...overrides });

describe('sectionFormValues', () => {
  it('shows numbers as text, dates as MM-DD-YYYY, null as empty, booleans as checked or not', () => {
    const load = stored({ rate_amount: 1200.5, miles: null, last_payment_date: '2024-11-21T00:00:00.000Z', rate_type: 'Flat' });
    expect(sectionFormValues(load, 'rate')).toEqual({
      rate_amount: '1200.50',
      rate_type: 'Flat',
      miles: '',
      amount_paid: '',
      last_payment_date: '11-21-2024',
      payment_notes: '',
    });
    expect(sectionFormValues(stored({ is_hazmat: true }), 'equipment')).toMatchObject({ is_hazmat: true, temperature_required: false });
  });

  it('puts the pickup date into the pickup section', () => {
    expect(sectionFormValues(stored({ pickup_date: '2024-11-21T00:00:00.000Z', pickup_location: '75201' }), 'pickup')).toEqual({
      pickup_location: '75201',
      pickup_date: '11-21-2024',
      pickup_contact: '',
      pickup_number: '',
      pickup_notes: '',
    });
  });
});

describe('diffSection', () => {
  it('sends nothing when nothing changed', () => {
    const initial = sectionFormValues(stored({ rate_amount: 100 }), 'rate');
    expect(diffSection('rate', initial, { ...initial })).toEqual({ patch: {}, errors: {} });
  });

  it('sends only the changed fields, converted: decimals as numbers, dates at UTC midnight, text trimmed', () => {
    const initial = sectionFormValues(stored({ rate_amount: 100, rate_type: 'Flat' }), 'rate');
    const current = { ...initial, rate_amount: '1,250.75', miles: '420.5', last_payment_date: '12-01-2024', payment_notes: '  net 30 ' };
    expect(diffSection('rate', initial, current)).toEqual({
      patch: { rate_amount: 1250.75, miles: 420.5, last_payment_date: '2024-12-01T00:00:00.000Z', payment_notes: 'net 30' },
      errors: {},
    });
  });

  it('sends null for a cleared field', () => {
    const initial = sectionFormValues(stored({ pickup_contact: 'Dana', weight: 4000 }), 'pickup');
    expect(diffSection('pickup', initial, { ...initial, pickup_contact: '   ' }).patch).toEqual({ pickup_contact: null });
    const equipment = sectionFormValues(stored({ weight: 4000 }), 'equipment');
    expect(diffSection('equipment', equipment, { ...equipment, weight: '' }).patch).toEqual({ weight: null });
  });

  it('is no change when the edit stores the same value', () => {
    const initial = sectionFormValues(stored({ rate_amount: 1200, rate_type: 'Flat' }), 'rate');
    expect(diffSection('rate', initial, { ...initial, rate_amount: '1200.00', rate_type: 'Flat ' }).patch).toEqual({});
  });

  it('sends booleans as they are ticked', () => {
    const initial = sectionFormValues(stored(), 'equipment');
    expect(diffSection('equipment', initial, { ...initial, is_hazmat: true }).patch).toEqual({ is_hazmat: true });
    const ticked = sectionFormValues(stored({ temperature_required: true }), 'equipment');
    expect(diffSection('equipment', ticked, { ...ticked, temperature_required: false }).patch).toEqual({ temperature_required: false });
  });

  it('leaves an untouched timed pickup date alone; an edited one is stored at UTC midnight', () => {
    const initial = sectionFormValues(stored({ pickup_date: '2024-11-21T15:05:00.000Z' }), 'pickup');
    expect(diffSection('pickup', initial, { ...initial }).patch).toEqual({});
    expect(diffSection('pickup', initial, { ...initial, pickup_date: '11-22-2024' }).patch).toEqual({ pickup_date: '2024-11-22T00:00:00.000Z' });
  });

  it('reports what cannot be read instead of sending it', () => {
    const initial = sectionFormValues(stored(), 'rate');
    const result = diffSection('rate', initial, { ...initial, rate_amount: '12abc', last_payment_date: '31-12-2024', rate_type: 'Per mile' });
    expect(result.errors).toEqual({ rate_amount: 'A valid number is required.', last_payment_date: INVALID_DATE });
    expect(result.patch).toEqual({ rate_type: 'Per mile' });
  });
});

describe('validateSectionPatch (the server schema, shared)', () => {
  it('passes a good patch', () => {
    expect(validateSectionPatch({ rate_amount: 12.5, is_hazmat: true, pickup_date: '2024-11-21T00:00:00.000Z' })).toEqual({});
  });

  it("gives the server's messages by field", () => {
    const errors = validateSectionPatch({ total_pieces: 2.5, rate_amount: -1, temperature_min: -500 });
    expect(errors.total_pieces).toBe('A whole number is required.');
    expect(errors.rate_amount).toBe('Ensure this value is greater than or equal to 0.');
    expect(errors.temperature_min).toBe('Ensure this value is greater than or equal to -100.');
  });

  it("refuses a payment date after the user's own today, which the server lets through west of UTC+14", () => {
    const day = 24 * 3_600_000;
    const todayUtc = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    // The server's schema takes today's UTC date; for a user whose own day is still the day before, it is tomorrow.
    expect(validateSectionPatch({ last_payment_date: todayUtc }, new Date(Date.now() - 2 * day))).toEqual({ last_payment_date: 'The last payment date cannot be in the future.' });
    expect(validateSectionPatch({ last_payment_date: todayUtc }, new Date(Date.now() + day))).toEqual({});
    expect(validateSectionPatch({ last_payment_date: null }, new Date(Date.now() - 2 * day))).toEqual({});
  });
});

describe('changedMeanwhile', () => {
  it('names the fields this save changes that someone else changed since the form opened, with their stored values now', () => {
    const opened = { amount_paid: 100, payment_notes: 'ACH' };
    const now = { amount_paid: 777, payment_notes: 'wire received 777' };
    expect(changedMeanwhile('rate', { amount_paid: 500 }, opened, now)).toEqual({ amount_paid: 777 });
    // A field changed by someone else but not by this save is not overwritten: no clash.
    expect(changedMeanwhile('rate', { miles: 600 }, { ...opened, miles: 500 }, { ...now, miles: 500 })).toEqual({});
  });

  it('takes a field someone else already set to exactly what this save sets as no clash', () => {
    expect(changedMeanwhile('rate', { amount_paid: 777 }, { amount_paid: 100 }, { amount_paid: '777.00' as unknown as number })).toEqual({});
    expect(changedMeanwhile('rate', { payment_notes: null }, { payment_notes: 'ACH' }, { payment_notes: '' })).toEqual({});
  });

  it('compares dates as stored: a time set meanwhile on the day this save sets is a clash, though the field shows the day only', () => {
    // Staff set 8:00 AM Chicago while the vendor's form (no date) was open; the vendor saves that day, at midnight UTC.
    expect(changedMeanwhile('pickup', { pickup_date: '2026-12-01T00:00:00.000Z' }, { pickup_date: null }, { pickup_date: '2026-12-01T14:00:00.000Z' }))
      .toEqual({ pickup_date: '2026-12-01T14:00:00.000Z' });
    // Opened on a day, given a time meanwhile (the form still shows the same day), moved to another day: a clash.
    expect(changedMeanwhile('pickup', { pickup_date: '2026-12-02T00:00:00.000Z' }, { pickup_date: '2026-12-01T00:00:00.000Z' }, { pickup_date: '2026-12-01T14:00:00.000Z' }))
      .toEqual({ pickup_date: '2026-12-01T14:00:00.000Z' });
    // The same instant written two ways is no change.
    expect(changedMeanwhile('pickup', { pickup_date: '2026-12-02T00:00:00.000Z' }, { pickup_date: '2026-12-01T00:00:00Z' }, { pickup_date: '2026-12-01T00:00:00.000Z' })).toEqual({});
  });
});

describe('sectionNotices', () => {
  it('warns of an amount paid above the rate amount, without refusing it, and of nothing else', () => {
    expect(sectionNotices('rate', { rate_amount: '2943.12', amount_paid: '1000000' })).toEqual({
      amount_paid: 'More than the rate amount ($2,943.12): check it before saving. It can still be saved.',
    });
    expect(sectionNotices('rate', { rate_amount: '2,943.12', amount_paid: '$2,943.12' })).toEqual({});
    expect(sectionNotices('rate', { rate_amount: '', amount_paid: '500' })).toEqual({});
    expect(sectionNotices('rate', { rate_amount: '100', amount_paid: 'lots' })).toEqual({});
    expect(sectionNotices('pickup', { rate_amount: '1', amount_paid: '5' })).toEqual({});
    // A negative rate has its own refusal; no second message about it on the amount paid.
    expect(sectionNotices('rate', { rate_amount: '-2650', amount_paid: '500' })).toEqual({});
  });
});
