import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { binErrorText, byDeletedAtDesc, deletedByLabel, HISTORY_KIND_OF, historyTitle, type RecycleBin, recordName, restoredMessage, restoreErrorText, withoutRecord } from './recycle-bin';

const bin: RecycleBin = {
  loads: [
    { id: 'l1', kdt_id: 'kdt_1', vendor_name: 'Acme', deleted_at: '2026-01-01T10:00:00Z', deleted_by: 'admin' },
    { id: 'l2', kdt_id: 'kdt_2', vendor_name: null, deleted_at: '2026-01-02T10:00:00Z', deleted_by: null },
  ],
  vendors: [{ id: 'v1', name: 'Acme Freight', username: 'acme', deleted_at: null, deleted_by: { username: 'root', type: 'STAFF', tier: 'ADMIN' } }],
  staff: [{ id: 's1', username: 'jdoe', name: '', deleted_at: '2026-01-03T10:00:00Z', deleted_by: 'admin' }],
};

describe('after a restore', () => {
  it('the record leaves its list and nothing else changes', () => {
    const after = withoutRecord(bin, 'loads', 'l1');
    expect(after.loads.map((row) => row.id)).toEqual(['l2']);
    expect(after.vendors).toBe(bin.vendors);
    expect(bin.loads).toHaveLength(2);
  });
});

describe('naming', () => {
  it('names loads by kdt id, vendors and staff by name and username', () => {
    expect(recordName('loads', bin.loads[0]!)).toBe('kdt_1');
    expect(recordName('vendors', bin.vendors[0]!)).toBe('Acme Freight (@acme)');
    expect(recordName('staff', bin.staff[0]!)).toBe('jdoe');
    expect(restoredMessage('loads', 'kdt_1')).toBe('Load kdt_1 restored.');
    expect(restoredMessage('staff', 'jdoe')).toBe('Staff account jdoe restored.');
  });

  it('reads who deleted a record, whatever shape the server sent', () => {
    expect(deletedByLabel('admin')).toBe('admin');
    expect(deletedByLabel({ username: 'root', type: 'STAFF', tier: 'ADMIN' })).toBe('root (Admin)');
    expect(deletedByLabel(null)).toBe('Unknown');
  });

  it('lists the most recently deleted first', () => {
    expect(byDeletedAtDesc(bin.loads).map((row) => row.id)).toEqual(['l2', 'l1']);
  });
});

describe('refusals', () => {
  it("shows the server's detail", () => {
    expect(restoreErrorText(new ApiError(409, { detail: 'This record is not deleted.' }))).toBe('This record is not deleted.');
    expect(restoreErrorText(new ApiError(404, null))).toBe('This record no longer exists.');
    expect(restoreErrorText(new TypeError('network'))).toBe('Failed to restore the record.');
    expect(binErrorText(new ApiError(403, { detail: 'nope' }))).toBe('You do not have permission to view the recycle bin.');
  });
});

describe('a deleted record\'s history', () => {
  it('is the history of its kind, titled with its name', () => {
    expect(HISTORY_KIND_OF).toEqual({ loads: 'load', vendors: 'vendor', staff: 'staff' });
    expect(historyTitle('vendors', recordName('vendors', bin.vendors[0]!))).toBe('History of deleted vendor Acme Freight (@acme)');
    expect(historyTitle('staff', 'jdoe')).toBe('History of deleted staff account jdoe');
  });
});
