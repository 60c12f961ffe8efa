import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { asOfDeletedText, asOfErrorText, changeName, historyErrorText, HISTORY_MESSAGES } from './history-messages';

describe('history errors', () => {
  it('tells a refusal from a missing record', () => {
    expect(historyErrorText(new ApiError(403, { detail: 'No.' }))).toBe(HISTORY_MESSAGES.noPermission);
    expect(historyErrorText(new ApiError(404, { detail: 'Not found.' }))).toBe(HISTORY_MESSAGES.notFound);
    expect(historyErrorText(new ApiError(500, { detail: 'Boom.' }))).toBe('Boom.');
    expect(historyErrorText(new TypeError('offline'))).toBe(HISTORY_MESSAGES.loadFailed);
  });

  it('says why a record cannot be shown as it was', () => {
    expect(asOfErrorText(new ApiError(404, { detail: 'It did not exist yet at that point.' }), 'load', 'LoadCreated')).toBe('This load did not exist yet at that point.');
    expect(asOfErrorText(new ApiError(404, { detail: 'Vendor not found.' }), 'vendor', 'VendorDeleted')).toBe('This vendor was deleted at that point.');
    expect(asOfErrorText(new ApiError(502, null), 'load')).toBe(HISTORY_MESSAGES.asOfFailed);
  });
});

describe('naming an entry', () => {
  it('by its place in the whole history, not by its stream revision', () => {
    expect(changeName({ number: 3 })).toBe('Change 3');
  });
});

describe('a record deleted by then', () => {
  it('is said to be deleted, its values being its last ones', () => {
    expect(asOfDeletedText('load')).toBe('At this point the load was deleted: these are its values when it was deleted.');
  });
});
