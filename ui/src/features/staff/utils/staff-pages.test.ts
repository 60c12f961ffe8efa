import { describe, expect, it } from 'vitest';
import { staffPages } from './staff-pages';

const labels = (tier: Parameters<typeof staffPages>[0]) => staffPages(tier).map((page) => page.label);

describe('the staff pages a tier opens (nav bar and dashboard)', () => {
  it('gives each tier its pages in the nav bar order, the payments log after Vendors', () => {
    expect(labels('ADMIN')).toEqual(['Loads', 'Vendors', 'Payments', 'Profile', 'Staff Accounts', 'Recycle Bin']);
    expect(labels('ACCOUNTING')).toEqual(['Loads', 'Vendors', 'Payments', 'Profile']);
    expect(labels('DISPATCH_OPS')).toEqual(['Loads', 'Vendors', 'Profile']);
    expect(labels('PENDING')).toEqual(['Loads', 'Vendors', 'Profile']);
    expect(labels(undefined)).toEqual(['Loads', 'Vendors', 'Profile']);
  });

  it('describes every page for the dashboard', () => {
    for (const page of staffPages('ADMIN')) expect(page.description, page.label).not.toBe('');
  });
});
