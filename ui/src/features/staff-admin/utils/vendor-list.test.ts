import { describe, expect, it } from 'vitest';
import type { VendorListEntry } from '../api/vendors';
import { filterVendors, sortVendors, vendorStatusLabel, vendorStatusTone } from './vendor-list';

const vendor = (username: string, overrides: Partial<VendorListEntry> = {}): VendorListEntry => ({
  id: username,
  username,
  legal_name: null,
  business_name: null,
  contact_name: null,
  contact_email: null,
  mc_number: null,
  dot_number: null,
  status: 'active',
  created_at: null,
  updated_at: null,
  is_staff: false,
  staff_tier: null,
  ...overrides,
});
const usernames = (rows: VendorListEntry[]) => rows.map((row) => row.username);

describe('which vendors show', () => {
  it('leaves out records that are staff or carry a staff tier', () => {
    const rows = [vendor('carrier'), vendor('odd', { is_staff: true }), vendor('odder', { staff_tier: 'ADMIN' })];
    expect(usernames(filterVendors(rows, ''))).toEqual(['carrier']);
  });
});

describe('search', () => {
  const rows = [
    vendor('carrier', { legal_name: 'Lone Star Freight LLC', business_name: 'Lone Star', contact_name: 'Casey Hart', mc_number: '123456', dot_number: '7654321' }),
    vendor('newcarrier', { legal_name: 'Blue Ridge Hauling', contact_name: 'Morgan Diaz', mc_number: '998877' }),
  ];

  it('matches username, legal and business name, contact, MC and DOT numbers, whatever the case', () => {
    expect(usernames(filterVendors(rows, 'NEWCARRIER'))).toEqual(['newcarrier']);
    expect(usernames(filterVendors(rows, 'freight llc'))).toEqual(['carrier']);
    expect(usernames(filterVendors(rows, 'lone star'))).toEqual(['carrier']);
    expect(usernames(filterVendors(rows, 'morgan'))).toEqual(['newcarrier']);
    expect(usernames(filterVendors(rows, '9988'))).toEqual(['newcarrier']);
    expect(usernames(filterVendors(rows, '76543'))).toEqual(['carrier']);
    expect(usernames(filterVendors(rows, 'carrier'))).toEqual(['carrier', 'newcarrier']);
    expect(filterVendors(rows, 'nothing like it')).toEqual([]);
  });

  it('finds an MC or DOT number typed as carriers write it (the numbers are stored as digits)', () => {
    for (const typed of ['MC123456', 'mc-123456', 'MC# 1234', 'USDOT 7654321', 'DOT-765']) {
      expect(usernames(filterVendors(rows, typed)), typed).toEqual(['carrier']);
    }
    expect(usernames(filterVendors(rows, 'MC 998-877'))).toEqual(['newcarrier']);
    // The MC prefix looks in the MC number only.
    expect(filterVendors(rows, 'MC 7654321')).toEqual([]);
    expect(filterVendors(rows, 'DOT 123456')).toEqual([]);
  });

  it('does not match the contact email or the status', () => {
    expect(filterVendors([vendor('x', { contact_email: 'ops@hauling.example' })], 'ops@')).toEqual([]);
    expect(filterVendors([vendor('x', { status: 'pending' })], 'pending')).toEqual([]);
  });
});

describe('sorting', () => {
  const rows = [
    vendor('b-carrier', { legal_name: 'Zeta Lines', contact_name: 'amy', mc_number: '10000', dot_number: null, status: 'other' }),
    vendor('a-carrier', { legal_name: 'alpha Haul', contact_name: null, mc_number: '9999', dot_number: '2000000', status: 'pending' }),
    vendor('c-carrier', { legal_name: null, contact_name: 'Bob', mc_number: null, dot_number: '1000000', status: 'active' }),
  ];

  it('sorts each column both ways, blanks last either way', () => {
    expect(usernames(sortVendors(rows, [{ id: 'username', desc: false }]))).toEqual(['a-carrier', 'b-carrier', 'c-carrier']);
    expect(usernames(sortVendors(rows, [{ id: 'username', desc: true }]))).toEqual(['c-carrier', 'b-carrier', 'a-carrier']);
    expect(usernames(sortVendors(rows, [{ id: 'legal_name', desc: false }]))).toEqual(['a-carrier', 'b-carrier', 'c-carrier']);
    expect(usernames(sortVendors(rows, [{ id: 'legal_name', desc: true }]))).toEqual(['b-carrier', 'a-carrier', 'c-carrier']);
    expect(usernames(sortVendors(rows, [{ id: 'contact_name', desc: false }]))).toEqual(['b-carrier', 'c-carrier', 'a-carrier']);
    expect(usernames(sortVendors(rows, [{ id: 'dot_number', desc: true }]))).toEqual(['a-carrier', 'c-carrier', 'b-carrier']);
  });

  it('compares MC numbers as numbers', () => {
    expect(usernames(sortVendors(rows, [{ id: 'mc_number', desc: false }]))).toEqual(['a-carrier', 'b-carrier', 'c-carrier']);
  });

  it('orders statuses active, pending, other', () => {
    expect(usernames(sortVendors(rows, [{ id: 'status', desc: false }]))).toEqual(['c-carrier', 'a-carrier', 'b-carrier']);
    expect(usernames(sortVendors(rows, [{ id: 'status', desc: true }]))).toEqual(['b-carrier', 'a-carrier', 'c-carrier']);
  });
});

describe('status', () => {
  it('labels the three statuses and shows other in red', () => {
    expect(vendorStatusLabel('active')).toBe('Active');
    expect(vendorStatusLabel('pending')).toBe('Pending');
    expect(vendorStatusLabel('other')).toBe('Other');
    expect(vendorStatusTone('other')).toBe('error');
    expect(vendorStatusTone('something new')).toBe('error');
  });
});
