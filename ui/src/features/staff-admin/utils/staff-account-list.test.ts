import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffAccount } from '../api/staff-accounts';
import {
  activeLabel,
  displayName,
  effectiveTier,
  fillerRowCount,
  filterStaffAccounts,
  formatLongDateTime,
  listName,
  sortStaffAccounts,
  TIER_COLOURS,
} from './staff-account-list';

beforeAll(() => {
  process.env.TZ = 'America/New_York';
});

const account = (username: string, overrides: Partial<StaffAccount> = {}): StaffAccount => ({
  id: username,
  username,
  email: `${username}@kdt.example`,
  first_name: '',
  last_name: '',
  is_active: true,
  staff_profile: { tier: 'PENDING', phone: null, bio: null },
  last_login: null,
  date_joined: '2026-01-05T20:04:00.000Z',
  is_builtin_admin: false,
  ...overrides,
});
const usernames = (rows: StaffAccount[]) => rows.map((row) => row.username);

describe('names', () => {
  it('lists first and last name, or whichever exists, or a dash', () => {
    expect(listName(account('a', { first_name: 'Dana', last_name: 'Ross' }))).toBe('Dana Ross');
    expect(listName(account('a', { first_name: 'Dana' }))).toBe('Dana');
    expect(listName(account('a', { last_name: ' Ross ' }))).toBe('Ross');
    expect(listName(account('a'))).toBe('-');
  });

  it('heads the detail page with the name, else the username', () => {
    expect(displayName(account('dispatch', { first_name: 'Dana', last_name: 'Ross' }))).toBe('Dana Ross');
    expect(displayName(account('dispatch'))).toBe('dispatch');
  });

  it('reads is_active as Active or Inactive', () => {
    expect(activeLabel(true)).toBe('Active');
    expect(activeLabel(false)).toBe('Inactive');
  });
});

describe('tiers', () => {
  it('shows the built-in admin as ADMIN whatever its stored tier, and a missing tier as PENDING', () => {
    expect(effectiveTier(account('admin', { is_builtin_admin: true, staff_profile: { tier: 'PENDING', phone: null, bio: null } }))).toBe('ADMIN');
    expect(effectiveTier(account('x', { staff_profile: null }))).toBe('PENDING');
    expect(effectiveTier(account('x', { staff_profile: { tier: 'ACCOUNTING', phone: null, bio: null } }))).toBe('ACCOUNTING');
  });

  it('colours Admin purple, Dispatch/Ops blue, Accounting green, No Tier Assigned yellow', () => {
    expect(TIER_COLOURS).toEqual({ ADMIN: 'purple', DISPATCH_OPS: 'blue', ACCOUNTING: 'green', PENDING: 'yellow' });
  });
});

describe('search', () => {
  const rows = [
    account('dispatch', { first_name: 'Dana', last_name: 'Ross', email: 'dana@kdt.example' }),
    account('accounting', { first_name: 'Avery', last_name: 'Lin' }),
    account('newstaff'),
  ];

  it('matches username, email, first and last name, whatever the case', () => {
    expect(usernames(filterStaffAccounts(rows, 'DISPATCH'))).toEqual(['dispatch']);
    expect(usernames(filterStaffAccounts(rows, 'dana@'))).toEqual(['dispatch']);
    expect(usernames(filterStaffAccounts(rows, 'avery'))).toEqual(['accounting']);
    expect(usernames(filterStaffAccounts(rows, 'lin'))).toEqual(['accounting']);
    expect(usernames(filterStaffAccounts(rows, '  '))).toEqual(['dispatch', 'accounting', 'newstaff']);
    expect(filterStaffAccounts(rows, 'nobody')).toEqual([]);
  });

  it('does not match on the tier or the status', () => {
    expect(filterStaffAccounts(rows, 'pending')).toEqual([]);
    expect(filterStaffAccounts(rows, 'active')).toEqual([]);
  });
});

describe('sorting', () => {
  const rows = [
    account('newstaff', { staff_profile: { tier: 'PENDING', phone: null, bio: null }, is_active: false }),
    account('admin', { is_builtin_admin: true, staff_profile: null, first_name: 'Ada' }),
    account('dispatch', { first_name: 'Dana', last_name: 'Ross', staff_profile: { tier: 'DISPATCH_OPS', phone: null, bio: null } }),
    account('accounting', { first_name: 'avery', staff_profile: { tier: 'ACCOUNTING', phone: null, bio: null }, email: '' }),
  ];

  it('keeps the server order without a sort', () => {
    expect(usernames(sortStaffAccounts(rows, []))).toEqual(['newstaff', 'admin', 'dispatch', 'accounting']);
  });

  it('sorts names case-insensitively with nameless accounts last in both directions', () => {
    expect(usernames(sortStaffAccounts(rows, [{ id: 'name', desc: false }]))).toEqual(['admin', 'accounting', 'dispatch', 'newstaff']);
    expect(usernames(sortStaffAccounts(rows, [{ id: 'name', desc: true }]))).toEqual(['dispatch', 'accounting', 'admin', 'newstaff']);
  });

  it('sorts usernames and emails', () => {
    expect(usernames(sortStaffAccounts(rows, [{ id: 'username', desc: false }]))).toEqual(['accounting', 'admin', 'dispatch', 'newstaff']);
    expect(usernames(sortStaffAccounts(rows, [{ id: 'email', desc: true }]))).toEqual(['newstaff', 'dispatch', 'admin', 'accounting']);
  });

  it('sorts the status by is_active, Active first', () => {
    expect(usernames(sortStaffAccounts(rows, [{ id: 'status', desc: false }])).at(-1)).toBe('newstaff');
    expect(usernames(sortStaffAccounts(rows, [{ id: 'status', desc: true }]))[0]).toBe('newstaff');
  });

  it('sorts tiers by rank, the built-in admin as ADMIN', () => {
    expect(usernames(sortStaffAccounts(rows, [{ id: 'tier', desc: false }]))).toEqual(['admin', 'dispatch', 'accounting', 'newstaff']);
    expect(usernames(sortStaffAccounts(rows, [{ id: 'tier', desc: true }]))).toEqual(['newstaff', 'accounting', 'dispatch', 'admin']);
  });

  it('does not change the array it was given', () => {
    const before = usernames(rows);
    sortStaffAccounts(rows, [{ id: 'username', desc: true }]);
    expect(usernames(rows)).toEqual(before);
  });
});

describe('filler rows', () => {
  it('pads with 4 blank rows when empty or with fewer than 2 results, and not otherwise', () => {
    expect(fillerRowCount(0)).toBe(4);
    expect(fillerRowCount(1)).toBe(4);
    expect(fillerRowCount(2)).toBe(0);
    expect(fillerRowCount(30)).toBe(0);
  });
});

describe('account dates', () => {
  it('shows a long US date with hour and minute in the local zone, or N/A', () => {
    expect(formatLongDateTime('2026-01-05T20:04:00.000Z')).toBe('January 5, 2026 at 3:04 PM');
    expect(formatLongDateTime(null)).toBe('N/A');
    expect(formatLongDateTime('not a date')).toBe('N/A');
  });
});
