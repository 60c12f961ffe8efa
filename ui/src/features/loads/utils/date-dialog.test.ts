import { beforeAll, describe, expect, it } from 'vitest';
import { DATE_DIALOG_TITLES, dateDialogInitial, dateDialogValue, dateNotSaved, dateOrderNotice } from './date-dialog';

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

  it('refuses a year outside 1900-2200 (a 2-digit year typed is year 0026), never sending another year', () => {
    expect(dateDialogValue('0026-12-25', '10:00')).toEqual({ ok: false, error: 'Enter a year between 1900 and 2200.' });
    expect(dateDialogValue('2201-01-01', '10:00')).toEqual({ ok: false, error: 'Enter a year between 1900 and 2200.' });
  });

  it('refuses a time the clocks skip that day, instead of saving an hour later (Chicago, 2026-03-08)', () => {
    expect(dateDialogValue('2026-03-08', '02:30')).toEqual({ ok: false, error: 'That time does not exist on this day: the clocks change. Enter another time.' });
    expect(dateDialogValue('2026-03-08', '03:30')).toEqual({ ok: true, value: '2026-03-08T08:30:00.000Z' });
  });

  it('sends the stored value back unchanged when the day and time shown were not changed', () => {
    // 1:30 AM CST, in the hour the clocks repeat on 2026-11-01: read back from the inputs it would be 1:30 AM CDT.
    const repeated = '2026-11-01T07:30:00.000Z';
    expect(dateDialogInitial(repeated)).toEqual({ date: '2026-11-01', time: '01:30' });
    expect(dateDialogValue('2026-11-01', '01:30', repeated)).toEqual({ ok: true, value: repeated });
    // Seconds the inputs do not show are kept too; a changed time is read from the inputs.
    expect(dateDialogValue('2026-12-01', '10:00', '2026-12-01T16:00:45.000Z')).toEqual({ ok: true, value: '2026-12-01T16:00:45.000Z' });
    expect(dateDialogValue('2026-12-01', '10:05', '2026-12-01T16:00:45.000Z')).toEqual({ ok: true, value: '2026-12-01T16:05:00.000Z' });
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

  it('compares a date without a time by its day (Chicago)', () => {
    const dayOnly = '2026-11-26T00:00:00.000Z'; // Nov 26, no time
    // 01:00 UTC on the 26th is 7 PM on the 25th in Chicago: before a delivery on the 26th (as UTC midnight, after it).
    expect(dateOrderNotice('pickup_date', '2026-11-26T01:00:00.000Z', dayOnly)).toBeNull();
    // 10 AM on the 26th is the same day as a delivery on the 26th: no warning.
    expect(dateOrderNotice('pickup_date', '2026-11-26T16:00:00.000Z', dayOnly)).toBeNull();
    // 8 PM on the 24th is a day before a pick-up on the 25th.
    expect(dateOrderNotice('delivery_date', '2026-11-25T02:00:00.000Z', '2026-11-25T00:00:00.000Z')).toBe('This is before the pick-up (Nov 25).');
    expect(dateOrderNotice('pickup_date', '2026-11-27T16:00:00.000Z', dayOnly)).toBe('This is after the delivery (Nov 26).');
  });

  it('says nothing when the order is right, equal, or either date is missing', () => {
    expect(dateOrderNotice('delivery_date', delivery, pickup)).toBeNull();
    expect(dateOrderNotice('pickup_date', pickup, delivery)).toBeNull();
    expect(dateOrderNotice('delivery_date', pickup, pickup)).toBeNull();
    expect(dateOrderNotice('delivery_date', null, pickup)).toBeNull();
    expect(dateOrderNotice('pickup_date', pickup, null)).toBeNull();
  });
});

describe('a date that could not be saved', () => {
  it('says so in the server\'s words when it answered, else that it could not be reached', () => {
    expect(dateNotSaved('Delivery date is not a valid date.')).toBe('The date was not saved: Delivery date is not a valid date.');
    expect(dateNotSaved(null)).toBe('The date was not saved: the server could not be reached. Save again to retry.');
  });
});
