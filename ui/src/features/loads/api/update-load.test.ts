import { describe, expect, it } from 'vitest';
import { valueDigest } from '@portal/domain/expected';
import { ApiError } from '../../../lib/api-client';
import { loadFixture } from '../utils/load-fixture';
import { expectedOfPatch, loadChangedMeanwhile } from './update-load';

describe('what a status, payment status or date change expects', () => {
  const seen = loadFixture('24101', { status: 'open', payment_status: 'unpaid', pickup_date: '2026-11-24T08:00:00.000Z', delivery_date: null });

  it('expects each of those fields it sets as the page showed it, and nothing of others', () => {
    expect(expectedOfPatch({ payment_status: 'paid' }, seen)).toEqual({ payment_status: valueDigest('unpaid') });
    expect(expectedOfPatch({ status: 'picked_up', pickup_date: '2026-11-25T08:00:00Z' }, seen)).toEqual({
      status: valueDigest('open'),
      pickup_date: valueDigest('2026-11-24T08:00:00.000Z'),
    });
    expect(expectedOfPatch({ delivery_date: '2026-12-01T10:00:00Z' }, seen)).toEqual({ delivery_date: valueDigest(null) });
    expect(expectedOfPatch({ vendor: 'a-vendor-id' }, seen)).toEqual({});
  });

  it("reads a 409's fields as they are now, and nothing from other errors", () => {
    expect(loadChangedMeanwhile(new ApiError(409, { detail: 'x', current: { payment_status: 'disputed' } }))).toEqual({ payment_status: 'disputed' });
    expect(loadChangedMeanwhile(new ApiError(409, { detail: 'x' }))).toBeNull();
    expect(loadChangedMeanwhile(new ApiError(400, { current: { status: 'open' } }))).toBeNull();
    expect(loadChangedMeanwhile(new Error('offline'))).toBeNull();
  });
});
