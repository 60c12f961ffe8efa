import { beforeAll, describe, expect, it } from 'vitest';
import { DATE_DIALOG_TITLES, dateDialogInitial, dateDialogValue } from './date-dialog';

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
