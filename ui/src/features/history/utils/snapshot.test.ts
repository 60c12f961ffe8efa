import { describe, expect, it } from 'vitest';
import { emptySectionValues } from '@portal/domain/loads/fields';
import type { LoadView } from '@portal/domain/loads/view';
import { loadSnapshotGroups } from './load-snapshot';
import { dateRow, moneyRow, NOT_SET } from './snapshot';
import { vendorSnapshotGroups } from './vendor-snapshot';

const valueOf = (groups: ReturnType<typeof loadSnapshotGroups>, label: string) =>
  groups.flatMap((group) => group.rows).find((row) => row.label === label);

const load = (overrides: Partial<LoadView> = {}): LoadView =>
  ({
    id: 'l1',
    load_number: 'kdt_1001',
    kdt_id: 'kdt_1001',
    vendor: null,
    vendor_name: null,
    user_id: null,
    status: 'picked_up',
    payment_status: 'partial',
    pickup_date: '2026-02-03T00:00:00.000Z',
    delivery_date: null,
    ...emptySectionValues(),
    rate_amount: 1350,
    is_hazmat: true,
    weight: 42000,
    created_at: '2026-02-01T10:00:00.000Z',
    ...overrides,
  }) as unknown as LoadView;

describe('a load as it was', () => {
  const groups = loadSnapshotGroups(load());

  it('leads with status, payment status and dates, then every section', () => {
    expect(groups.map((group) => group.title)).toEqual([
      'Load',
      'Pickup Information',
      'Delivery Information',
      'Rate & Payment',
      'Equipment & Load Details',
      'Tracking Information',
    ]);
    expect(valueOf(groups, 'Status')).toMatchObject({ value: 'Picked Up', tone: 'warning' });
    expect(valueOf(groups, 'Payment Status')).toMatchObject({ value: 'Partial', tone: 'warning' });
    expect(valueOf(groups, 'Vendor')?.value).toBe('Not assigned');
  });

  it('formats each kind of field', () => {
    expect(valueOf(groups, 'Pickup Date')?.value).toBe('Feb 3, 2026');
    expect(valueOf(groups, 'Delivery Date')).toMatchObject({ value: NOT_SET, empty: true });
    expect(valueOf(groups, 'Rate Amount')?.value).toBe('$1,350.00');
    expect(valueOf(groups, 'Hazmat')?.value).toBe('Yes');
    expect(valueOf(groups, 'Weight')?.value).toBe('42,000 lbs');
    expect(valueOf(groups, 'Pickup Notes')).toMatchObject({ value: NOT_SET, empty: true });
  });
});

describe('a vendor as it was', () => {
  it('shows the company, contact and insurance fields, never the bank numbers', () => {
    const groups = vendorSnapshotGroups({
      id: 'v1',
      username: 'acme',
      status: 'active',
      legal_name: 'Acme Freight LLC',
      insurance_expiration: '2026-12-31',
      cargo_amount: '100000.00',
      bank_account_number: '****1234',
    });
    expect(groups.map((group) => group.title)).toEqual(['Vendor', 'Company', 'Contact', 'Insurance']);
    const rows = groups.flatMap((group) => group.rows);
    expect(rows.find((row) => row.label === 'Legal Name')?.value).toBe('Acme Freight LLC');
    expect(rows.find((row) => row.label === 'Policy Expiration Date')?.value).toBe('Dec 31, 2026');
    expect(rows.find((row) => row.label === 'Cargo Coverage')?.value).toBe('$100,000.00');
    expect(rows.find((row) => row.label === 'Status')).toMatchObject({ value: 'Active', tone: 'success' });
    expect(rows.some((row) => row.value.includes('1234'))).toBe(false);
  });
});

describe('value formatting', () => {
  it('reads money from numbers and decimal strings', () => {
    expect(moneyRow('x', '1000000.00').value).toBe('$1,000,000.00');
    expect(moneyRow('x', null).empty).toBe(true);
  });

  it('shows a time when the value has one', () => {
    expect(dateRow('x', '2026-02-03T15:30:00').value).toMatch(/^Feb 3, 2026, 3:30 PM \S+$/);
  });
});
