import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { createLoadErrorMessage, errorText, loadsShownText, paidShortNotice, paymentStatusUpdated, sectionSaveErrorToasts, sectionUpdated, statusUpdated } from './load-messages';
import { fieldLabel } from './section-fields';

describe('load messages', () => {
  it('words successes with the labels', () => {
    expect(statusUpdated('picked_up')).toBe('Status updated to Picked Up');
    expect(paymentStatusUpdated('partial')).toBe('Payment status updated to Partial');
    expect(sectionUpdated('Rate & Payment')).toBe('Rate & Payment Information updated successfully!');
  });

  it('reads the detail, error or message of an answer', () => {
    expect(errorText(new ApiError(403, { detail: 'You do not have permission to delete loads.' }))).toBe('You do not have permission to delete loads.');
    expect(errorText(new ApiError(500, { error: 'boom' }))).toBe('boom');
    expect(errorText(new ApiError(500, 'Bad gateway'))).toBe('Bad gateway');
    expect(errorText(new ApiError(500, null))).toBeNull();
    expect(errorText(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('loadsShownText', () => {
  it('counts the loads a search or the chips leave, or says the list is empty', () => {
    expect(loadsShownText(0)).toBe('No loads found');
    expect(loadsShownText(1)).toBe('1 load shown');
    expect(loadsShownText(12)).toBe('12 loads shown');
  });
});

describe('createLoadErrorMessage', () => {
  it("lists 'field: messages' joined by '; '", () => {
    const error = new ApiError(400, { load_number: ['ID already taken.'], rate_amount: ['A valid number is required.', 'Too big.'] });
    expect(createLoadErrorMessage(error)).toBe('Creation failed: load_number: ID already taken.; rate_amount: A valid number is required. Too big.');
  });

  it('gives the detail text, else the fallback', () => {
    expect(createLoadErrorMessage(new ApiError(403, { detail: "You don't have permission to create loads." }))).toBe(
      "Creation failed: You don't have permission to create loads.",
    );
    expect(createLoadErrorMessage(new ApiError(500, null))).toBe('Failed to create load.');
    expect(createLoadErrorMessage(new TypeError('offline'))).toBe('Failed to create load.');
  });
});

describe('sectionSaveErrorToasts', () => {
  it('makes one toast per field error, named by the field label', () => {
    const error = new ApiError(400, { temperature_max: ['Maximum temperature must not be below the minimum temperature.'], rate_amount: ['Bad.'] });
    expect(sectionSaveErrorToasts(error, 'Equipment & Load Details', fieldLabel)).toEqual([
      'Max Temperature: Maximum temperature must not be below the minimum temperature.',
      'Rate Amount: Bad.',
    ]);
  });

  it('else the detail, else the section fallback', () => {
    expect(sectionSaveErrorToasts(new ApiError(403, { detail: 'You do not have permission to edit rate details.' }), 'Rate & Payment', fieldLabel)).toEqual([
      'You do not have permission to edit rate details.',
    ]);
    expect(sectionSaveErrorToasts(new ApiError(502, null), 'Tracking', fieldLabel)).toEqual(['Failed to update Tracking information.']);
  });

  it('names an unknown field by its words', () => {
    expect(fieldLabel('some_field')).toBe('Some field');
  });
});

describe('paidShortNotice (a load marked Paid with less than its rate recorded as paid)', () => {
  it('says how much of the rate is recorded, and nothing when the numbers add up or there is nothing to compare', () => {
    expect(paidShortNotice({ payment_status: 'paid', rate_amount: 1960, amount_paid: null })).toBe(
      'Marked Paid with $0.00 of the $1,960.00 rate recorded as paid: record the amount paid under Rate & Payment.',
    );
    expect(paidShortNotice({ payment_status: 'paid', rate_amount: 1960, amount_paid: 980.5 })).toContain('with $980.50 of the $1,960.00 rate');
    expect(paidShortNotice({ payment_status: 'paid', rate_amount: 1960, amount_paid: 1960 })).toBeNull();
    expect(paidShortNotice({ payment_status: 'paid', rate_amount: 0.3, amount_paid: 0.1 + 0.2 })).toBeNull();
    expect(paidShortNotice({ payment_status: 'paid', rate_amount: 1960, amount_paid: 2000 })).toBeNull();
    expect(paidShortNotice({ payment_status: 'paid', rate_amount: null, amount_paid: null })).toBeNull();
    for (const status of ['unpaid', 'partial', 'disputed'] as const) expect(paidShortNotice({ payment_status: status, rate_amount: 1960, amount_paid: 0 })).toBeNull();
  });
});
