import { describe, expect, it } from 'vitest';
import { carrierSees, CHANGED_MEANWHILE, changedMeanwhileDetail, decide, evolve, initialState, LoadError, type LoadState } from './decider';
import { loadView } from './view';
import type { LoadEvent } from './events';
import { updateLoadSchema } from './schemas';

const now = new Date('2026-11-21T15:30:00.000Z');
const created: LoadEvent = {
  type: 'LoadCreated',
  data: {
    load_id: 'l-1', load_number: 'kdt_1001', kdt_id: 'kdt_1001', vendor_id: 'v-1', vendor_name: 'Acme Haulers', user_id: 'u-1',
    pickup_location: '75201', pickup_date: null, delivery_location: '77002', delivery_date: null, rate_amount: 1200,
    created_at: '2026-11-20T10:00:00.000Z',
  },
};
const given = (...events: LoadEvent[]): LoadState => events.reduce(evolve, initialState());
const update = (body: Record<string, unknown>, state: LoadState) =>
  decide({ type: 'UpdateLoad', data: { patch: updateLoadSchema.parse(body), now } }, state);

describe('creating a load', () => {
  it('records the load with its optional details, open and unpaid', () => {
    const { created_at: _, ...data } = created.data;
    expect(decide({ type: 'CreateLoad', data: { ...data, now } }, initialState())).toEqual([{ type: 'LoadCreated', data: { ...data, created_at: now.toISOString() } }]);
    expect(given(created)).toMatchObject({ load: { status: 'open', paymentStatus: 'unpaid', values: { pickup_location: '75201', rate_amount: 1200 } } });
  });

  it('refuses to create a load twice', () => {
    expect(() => decide({ type: 'CreateLoad', data: { ...created.data, now } }, given(created))).toThrow(LoadError);
  });
});

describe('closing a load id whose creation never recorded its load (its number goes to another load)', () => {
  const abandon = { type: 'AbandonLoadCreation' as const, data: { load_id: 'l-1', kdt_id: 'kdt_1001' } };
  const closed: LoadEvent = { type: 'LoadCreationAbandoned', data: abandon.data };

  it('closes an id with no load, after which the load can never be created under it, nor changed', () => {
    expect(decide(abandon, initialState())).toEqual([closed]);
    expect(given(closed)).toEqual({ status: 'abandoned' });
    const { created_at: _, ...data } = created.data;
    expect(() => decide({ type: 'CreateLoad', data: { ...data, now } }, given(closed))).toThrow(expect.objectContaining({ code: 'exists' }));
    expect(() => update({ status: 'delivered' }, given(closed))).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(() => decide({ type: 'RestoreLoad', data: {} }, given(closed))).toThrow(expect.objectContaining({ code: 'not_found' }));
  });

  it('records nothing more for an id closed already, and refuses to close one whose load was recorded', () => {
    expect(decide(abandon, given(closed))).toEqual([]);
    expect(() => decide(abandon, given(created))).toThrow(expect.objectContaining({ code: 'exists' }));
    // Never recorded after a load, and ignored there if it were.
    expect(given(created, closed)).toEqual(given(created));
  });
});

describe('status', () => {
  it('records from and to', () => {
    expect(update({ status: 'cancelled' }, given(created))).toEqual([{ type: 'LoadStatusChanged', data: { from: 'open', to: 'cancelled' } }]);
  });

  it('sets the pickup date to now when picked up without one, in the same decision', () => {
    expect(update({ status: 'picked_up' }, given(created))).toEqual([
      { type: 'LoadStatusChanged', data: { from: 'open', to: 'picked_up' } },
      { type: 'LoadPickupDateSet', data: { from: null, to: now.toISOString() } },
    ]);
  });

  it('keeps an existing pickup date, and uses one sent with the status', () => {
    const withDate = given(created, { type: 'LoadPickupDateSet', data: { from: null, to: '2026-11-19T08:00:00.000Z' } });
    expect(update({ status: 'picked_up' }, withDate)).toEqual([{ type: 'LoadStatusChanged', data: { from: 'open', to: 'picked_up' } }]);
    expect(update({ status: 'picked_up', pickup_date: '2026-11-21T09:00:00Z' }, given(created))).toEqual([
      { type: 'LoadStatusChanged', data: { from: 'open', to: 'picked_up' } },
      { type: 'LoadPickupDateSet', data: { from: null, to: '2026-11-21T09:00:00.000Z' } },
    ]);
  });

  it('sets the delivery date to now when delivered without one', () => {
    expect(update({ status: 'delivered' }, given(created))).toContainEqual({ type: 'LoadDeliveryDateSet', data: { from: null, to: now.toISOString() } });
  });

  it('records nothing when the status does not change', () => {
    expect(update({ status: 'open' }, given(created))).toEqual([]);
  });
});

describe('payment status, dates and sections', () => {
  it('records a payment status change', () => {
    expect(update({ payment_status: 'partial' }, given(created))).toEqual([{ type: 'LoadPaymentStatusChanged', data: { from: 'unpaid', to: 'partial' } }]);
  });

  it('records a date set, and clearing it', () => {
    const set = update({ delivery_date: '2026-11-25T14:00:00.000Z' }, given(created));
    expect(set).toEqual([{ type: 'LoadDeliveryDateSet', data: { from: null, to: '2026-11-25T14:00:00.000Z' } }]);
    expect(update({ delivery_date: null }, given(created, set[0]!))).toEqual([{ type: 'LoadDeliveryDateSet', data: { from: '2026-11-25T14:00:00.000Z', to: null } }]);
  });

  it('records only the fields that changed, per section, with old and new values', () => {
    const events = update({ rate_amount: '1350', miles: 240, pickup_contact: 'Dock 4', pickup_location: '75201', weight: '' }, given(created));
    expect(events).toEqual([
      { type: 'LoadSectionEdited', data: { section: 'pickup', changes: { pickup_contact: { from: null, to: 'Dock 4' } } } },
      { type: 'LoadSectionEdited', data: { section: 'rate', changes: { rate_amount: { from: 1200, to: 1350 }, miles: { from: null, to: 240 } } } },
    ]);
  });

  it('refuses a maximum temperature below the minimum, counting the stored value', () => {
    const cold = given(created, { type: 'LoadSectionEdited', data: { section: 'equipment', changes: { temperature_min: { from: null, to: 34 } } } });
    expect(() => update({ temperature_max: 20 }, cold)).toThrow(LoadError);
    expect(update({ temperature_max: 38 }, cold)).toHaveLength(1);
  });

  it('assigns a vendor, recording the one before', () => {
    const events = decide({ type: 'UpdateLoad', data: { patch: { vendor: '3f0e8d4e-0000-4000-8000-000000000002' }, vendorName: 'Blue Line', now } }, given(created));
    expect(events).toEqual([{ type: 'LoadVendorAssigned', data: { from: { id: 'v-1', name: 'Acme Haulers' }, to: { id: '3f0e8d4e-0000-4000-8000-000000000002', name: 'Blue Line' } } }]);
  });

  it('names the vendor before by its name now, when the command knows it for the load\'s vendor', () => {
    const to = '3f0e8d4e-0000-4000-8000-000000000002';
    const renamed = decide({ type: 'UpdateLoad', data: { patch: { vendor: to }, vendorName: 'Blue Line', currentVendor: { id: 'v-1', name: 'Acme Freight' }, now } }, given(created));
    expect(renamed).toEqual([{ type: 'LoadVendorAssigned', data: { from: { id: 'v-1', name: 'Acme Freight' }, to: { id: to, name: 'Blue Line' } } }]);
    // A name looked up for another vendor (the load was reassigned meanwhile) is not used.
    const stale = decide({ type: 'UpdateLoad', data: { patch: { vendor: to }, vendorName: 'Blue Line', currentVendor: { id: 'v-9', name: 'Other' }, now } }, given(created));
    expect(stale[0]!.data).toMatchObject({ from: { id: 'v-1', name: 'Acme Haulers' } });
  });

  it('refuses another vendor while anything paid to (or noted about paying) the vendor is on the load', () => {
    const to = '3f0e8d4e-0000-4000-8000-000000000002';
    const assign = (state: LoadState, more: Record<string, unknown> = {}) => update({ vendor: to, ...more }, state);
    const paid = given(created, { type: 'LoadSectionEdited', data: { section: 'rate', changes: { amount_paid: { from: null, to: 500 } } } });
    const noted = given(created, { type: 'LoadSectionEdited', data: { section: 'rate', changes: { payment_notes: { from: null, to: 'check 88812' } } } });
    const dated = given(created, { type: 'LoadSectionEdited', data: { section: 'rate', changes: { last_payment_date: { from: null, to: '2026-11-20T00:00:00.000Z' } } } });
    const disputed = given(created, { type: 'LoadPaymentStatusChanged', data: { from: 'unpaid', to: 'disputed' } });
    for (const state of [paid, noted, dated, disputed]) {
      expect(() => assign(state)).toThrow(expect.objectContaining({ code: 'payments_recorded' }));
    }
    // Nothing paid, or a zero amount: assigned.
    expect(assign(given(created))).toHaveLength(1);
    expect(assign(given(created, { type: 'LoadSectionEdited', data: { section: 'rate', changes: { amount_paid: { from: null, to: 0 } } } }))).toHaveLength(1);
  });

  it("keeps each document with the vendor of its time: the next vendor's load counts none of the earlier one's", () => {
    const file = { sha256: 'a'.repeat(64), name: 'ratecon.pdf', size: 10, content_type: 'application/pdf', uploaded_at: now.toISOString() };
    const handedOver = given(
      created,
      { type: 'LoadDocumentUploaded', data: { document_id: 'd-1', document_type: 'rate_confirmation', file } },
      { type: 'LoadVendorAssigned', data: { from: { id: 'v-1', name: 'Acme Haulers' }, to: { id: 'v-2', name: 'Blue Line' } } },
      { type: 'LoadDocumentUploaded', data: { document_id: 'd-2', document_type: 'invoice', file } },
    );
    if (handedOver.status !== 'exists') throw new Error('no load');
    const { load } = handedOver;
    expect(load.documents.map((d) => [d.id, d.vendorId])).toEqual([['d-1', 'v-1'], ['d-2', 'v-2']]);
    expect(load.documents.map((d) => carrierSees(load, d))).toEqual([false, true]);
    expect(loadView(load)).toMatchObject({ has_rate_confirmation: false, has_invoice: true });
  });

  it('takes a reassignment that clears the payment facts in the same request, the handover recorded last', () => {
    const to = '3f0e8d4e-0000-4000-8000-000000000002';
    const paid = given(
      created,
      { type: 'LoadSectionEdited', data: { section: 'rate', changes: { amount_paid: { from: null, to: 500 }, payment_notes: { from: null, to: 'check 88812' } } } },
      { type: 'LoadPaymentStatusChanged', data: { from: 'unpaid', to: 'partial' } },
    );
    const events = update({ vendor: to, payment_status: 'unpaid', amount_paid: null, payment_notes: null }, paid);
    expect(events.map((event) => event.type)).toEqual(['LoadPaymentStatusChanged', 'LoadSectionEdited', 'LoadVendorAssigned']);
    // Clearing only part of it is still refused.
    expect(() => update({ vendor: to, amount_paid: null }, paid)).toThrow(expect.objectContaining({ code: 'payments_recorded' }));
  });
});

describe('deleting and restoring', () => {
  it('soft-deletes, refuses changes to a deleted load, and restores it', () => {
    const [deleted] = decide({ type: 'DeleteLoad', data: {} }, given(created));
    expect(deleted).toEqual({ type: 'LoadDeleted', data: { load_id: 'l-1' } });
    const gone = given(created, deleted!);
    expect(() => update({ status: 'cancelled' }, gone)).toThrow(LoadError);
    expect(() => decide({ type: 'DeleteLoad', data: {} }, gone)).toThrow(LoadError);
    const [restored] = decide({ type: 'RestoreLoad', data: {} }, gone);
    expect(given(created, deleted!, restored!)).toMatchObject({ load: { deleted: false, status: 'open' } });
    expect(() => decide({ type: 'RestoreLoad', data: {} }, given(created))).toThrow(LoadError);
  });
});

describe('validation of a change', () => {
  const invalid = (body: Record<string, unknown>) => {
    const result = updateLoadSchema.safeParse(body);
    return result.success ? 'valid' : result.error.issues.map((i) => `${i.path.join('.') || i.code}: ${i.message}`);
  };

  it('accepts only the enumerated statuses and payment statuses', () => {
    expect(invalid({ status: 'lost' })).toEqual(['status: Select a valid status: open, picked_up, delivered or cancelled.']);
    expect(invalid({ payment_status: 'maybe' })).toEqual(['payment_status: Select a valid payment status: unpaid, partial, paid or disputed.']);
  });

  it('parses numbers and refuses what is not one', () => {
    expect(updateLoadSchema.parse({ rate_amount: '1200.45' }).rate_amount).toBe(1200.45);
    expect(updateLoadSchema.parse({ amount_paid: 0.1 + 0.2 }).amount_paid).toBe(0.3);
    // More decimals than the field keeps are refused, not rounded: 12.345 is a slip to see, not to have corrected.
    expect(invalid({ rate_amount: '1200.456' })).toEqual(['rate_amount: Ensure that there are no more than 2 decimal places.']);
    expect(invalid({ amount_paid: 12.345 })).toEqual(['amount_paid: Ensure that there are no more than 2 decimal places.']);
    expect(invalid({ miles: 412.25 })).toEqual(['miles: Ensure that there are no more than 1 decimal place.']);
    // Freight-sized amounts and weights as well, as text or as numbers.
    for (const [field, value] of [['amount_paid', '5000.001'], ['amount_paid', 12345.678], ['amount_paid', '99999.999'], ['rate_amount', '15000.005'], ['weight', 40000.123], ['amount_paid', 99_999_999.991]] as const) {
      expect(invalid({ [field]: value }), `${field} ${value}`).toEqual([`${field}: Ensure that there are no more than 2 decimal places.`]);
    }
    expect(updateLoadSchema.parse({ amount_paid: 2943.12, rate_amount: '2943.10', weight: 39999.99 })).toMatchObject({ amount_paid: 2943.12, rate_amount: 2943.1, weight: 39999.99 });
    expect(updateLoadSchema.parse({ amount_paid: 99_999_999.99 }).amount_paid).toBe(99_999_999.99);
    expect(invalid({ rate_amount: 'twelve' })).toEqual(['rate_amount: A valid number is required.']);
    expect(invalid({ rate_amount: -5 })).toEqual(['rate_amount: Ensure this value is greater than or equal to 0.']);
    expect(invalid({ total_pieces: 2.5 })).toEqual(['total_pieces: A whole number is required.']);
    expect(invalid({ temperature_min: 500 })).toEqual(['temperature_min: Ensure this value is less than or equal to 200.']);
    expect(invalid({ amount_paid: 999_999_999_999 })).toEqual(['amount_paid: Ensure this value is less than or equal to 100,000,000.']);
  });

  it('parses dates, with a date alone meaning UTC midnight, and refuses nonsense', () => {
    expect(updateLoadSchema.parse({ last_payment_date: '2026-11-21' }).last_payment_date).toBe('2026-11-21T00:00:00.000Z');
    expect(invalid({ pickup_date: '2026-02-30T10:00:00Z' })).toEqual(['pickup_date: Enter a valid date and time.']);
    expect(invalid({ pickup_date: 'tomorrow' })).toEqual(['pickup_date: Enter a valid date and time.']);
    expect(invalid({ pickup_date: '2026-11-21T25:00:00Z' })).toEqual(['pickup_date: Enter a valid date and time.']);
    expect(updateLoadSchema.parse({ pickup_date: '2026-11-21T09:30:00-06:00' }).pickup_date).toBe('2026-11-21T15:30:00.000Z');
    // A payment already made: today anywhere on earth, never a later day.
    const today = new Date().toISOString().slice(0, 10);
    expect(updateLoadSchema.parse({ last_payment_date: today }).last_payment_date).toBe(`${today}T00:00:00.000Z`);
    expect(invalid({ last_payment_date: '2099-01-01' })).toEqual(['last_payment_date: The last payment date cannot be in the future.']);
    expect(invalid({ last_payment_date: new Date(Date.now() + 2 * 86_400_000).toISOString() })).toEqual(['last_payment_date: The last payment date cannot be in the future.']);
    // An instant is in the future everywhere once it is after now (a few minutes of clock skew allowed).
    expect(invalid({ last_payment_date: new Date(Date.now() + 3_600_000).toISOString() })).toEqual(['last_payment_date: The last payment date cannot be in the future.']);
    expect(updateLoadSchema.parse({ last_payment_date: new Date(Date.now() - 60_000).toISOString() }).last_payment_date).toBeTruthy();
  });

  it('refuses a year outside 1900-2200 in UTC, saying so, whatever the offset written', () => {
    const year = 'Enter a year between 1900 and 2200.';
    expect(invalid({ pickup_date: '0026-12-25T16:00:00Z' })).toEqual([`pickup_date: ${year}`]);
    expect(invalid({ last_payment_date: '9999-12-25' })).toEqual([`last_payment_date: ${year}`]);
    // Their written years are in range; the instants are not.
    expect(invalid({ pickup_date: '1900-01-01T00:00:00+01:00' })).toEqual([`pickup_date: ${year}`]);
    expect(invalid({ delivery_date: '2200-12-31T23:00:00-05:00' })).toEqual([`delivery_date: ${year}`]);
    expect(updateLoadSchema.parse({ pickup_date: '1900-01-01T00:00:00-01:00' }).pickup_date).toBe('1900-01-01T01:00:00.000Z');
  });

  it('keeps a time given in another zone that lands on UTC midnight a time, not a date without one', () => {
    // 6:00 PM in Chicago is UTC midnight: stored a millisecond later, as the UI's dialog does, so it reads back as 6 PM.
    expect(updateLoadSchema.parse({ delivery_date: '2026-11-25T18:00:00-06:00' }).delivery_date).toBe('2026-11-26T00:00:00.001Z');
    // UTC midnight written in UTC, or a date alone, is a date without a time.
    expect(updateLoadSchema.parse({ delivery_date: '2026-11-26T00:00:00Z' }).delivery_date).toBe('2026-11-26T00:00:00.000Z');
    expect(updateLoadSchema.parse({ delivery_date: '2026-11-26T00:00:00+00:00' }).delivery_date).toBe('2026-11-26T00:00:00.000Z');
    expect(updateLoadSchema.parse({ delivery_date: '2026-11-26' }).delivery_date).toBe('2026-11-26T00:00:00.000Z');
  });

  it('turns empty strings into null and refuses fields that cannot be changed', () => {
    expect(updateLoadSchema.parse({ pickup_notes: '  ' }).pickup_notes).toBeNull();
    expect(invalid({ kdt_id: 'kdt_x', user_id: 'u-2' })).toEqual(['unrecognized_keys: This field cannot be changed.']);
    expect(invalid({ is_hazmat: 'yes' })).not.toBe('valid');
  });
});

describe('changedMeanwhileDetail (the 409 words the status controls show)', () => {
  it('names a status or payment status changed alone, and says the general words for anything else', () => {
    expect(changedMeanwhileDetail({ payment_status: 'disputed' })).toBe('Someone else set the payment status to Disputed meanwhile. Choose again if yours should replace it.');
    expect(changedMeanwhileDetail({ status: 'picked_up' })).toBe('Someone else set the status to Picked Up meanwhile. Choose again if yours should replace it.');
    expect(changedMeanwhileDetail({ status: 'open', pickup_date: null })).toBe(CHANGED_MEANWHILE);
    expect(changedMeanwhileDetail({ delivery_notes: 'Gate 2' })).toBe(CHANGED_MEANWHILE);
  });
});
