import { beforeAll, describe, expect, it } from 'vitest';
import { DATE_DIALOG_TITLES, dateDialogInitial, dateDialogValue, dateOrderNotice } from './date-dialog';

beforeAll(() => {
  process.env.TZ = 'America/Chicago';
});

describe('date dialog', () => {
  it('has the spec titles', () => {
    expect(DATE_DIALOG_TITLES).toEqual({ pickup_date: 'Set Pickup Date & Time', delivery_date: 'Set Delivery Date & Time' });
  });

  it('starts from the stored value in the local zone, or empty', () => {
    expect(dateDialogInitial('2024-11-21T20:05:00.000Z')).toEqual({ date: '2024-11-21', time: '14:05' });
    expect(dateDialogInitial(null)).toEqual({ date: '', time: '' });
  });

  it('requires a date', () => {
    expect(dateDialogValue('', '10:00')).toEqual({ ok: false, error: 'Date is required.' });
  });

  it('sends date and time as a UTC instant', () => {
    expect(dateDialogValue('2024-11-21', '14:05')).toEqual({ ok: true, value: '2024-11-21T20:05:00.000Z' });
  });

  it('sends null without a time (the vendor rule)', () => {
    expect(dateDialogValue('2024-11-21', '')).toEqual({ ok: true, value: null });
  });
});

describe('the order of pick-up and delivery', () => {
  const pickup = '2026-12-05T20:30:00.000Z'; // Dec 5, 2:30 PM in Chicago
  const delivery = '2026-12-07T16:00:00.000Z';

  it('warns of a delivery before the pick-up, naming the pick-up', () => {
    expect(dateOrderNotice('delivery_date', '2026-12-04T16:00:00.000Z', pickup)).toBe('This is before the pick-up (Dec 5, 2:30 PM).');
  });

  it('warns of a pick-up after the delivery, naming the delivery', () => {
    expect(dateOrderNotice('pickup_date', '2026-12-08T16:00:00.000Z', delivery)).toBe('This is after the delivery (Dec 7, 10:00 AM).');
  });

  it('says nothing when the order is right, equal, or either date is missing', () => {
    expect(dateOrderNotice('delivery_date', delivery, pickup)).toBeNull();
    expect(dateOrderNotice('pickup_date', pickup, delivery)).toBeNull();
    expect(dateOrderNotice('delivery_date', pickup, pickup)).toBeNull();
    expect(dateOrderNotice('delivery_date', null, pickup)).toBeNull();
    expect(dateOrderNotice('pickup_date', pickup, null)).toBeNull();
  });
});
