import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords';
import { passwordProblems } from './schemas';
import { isTooCommon } from './weak-passwords';

const TOO_COMMON = 'This password is too common.';

describe('"This password is too common."', () => {
  // Each of these was accepted before the audit (s12 finding 8).
  it.each([
    // One character repeated.
    'aaaaaaaa', 'Aaaaaaaa', '!!!!!!!!!',
    // A short pattern repeated, the last copy possibly cut short.
    'abcabcabc', 'xyzxyzxyz', 'abababab', 'ababab12',
    // Runs of the alphabet, digits, symbols or a keyboard row, forwards or backwards, in any case.
    'abcdefgh', 'bcdefghij', 'hgfedcba', 'zyxwvuts', 'AbCdEfGh', 'qwertyui', 'Qwertyui', 'poiuytrewq', 'asdfghjk',
    'lkjhgfds', 'qwertyuiopasdf', 'azertyui', '!@#$%^&*()',
    // A run with one or two digits or symbols tacked on, or two runs back to back.
    'zxcvbnm1', 'abcdefg1', 'abcdef!!', 'asdfgh123', 'defghijk123',
    // Listed, in any case, also with one or two digits or symbols tacked on.
    'iloveyou1', 'superman', 'Chocolate', 'Tinkerbell', 'Samsung123', '1q2w3e4r', 'zaq12wsx', 'Sunshine!', 'Football99',
    // A longer pattern repeated that is weak typed once.
    'passwordpassword', 'abcdefghabcdefgh',
  ])('refuses %s', (password) => {
    expect(isTooCommon(password)).toBe(true);
    expect(passwordProblems(password, 'someone', 'someone@carrier.example.com')).toEqual([TOO_COMMON]);
  });

  it('adds to the numeric message for digit runs and repeats, as for the listed 12345678', () => {
    for (const password of ['12121212', '98765432', '12345678']) {
      expect(passwordProblems(password)).toEqual(['This password is entirely numeric.', TOO_COMMON]);
    }
  });

  it.each([
    // The passwords the tests, demo and bench start with.
    'Haul-Freight-2026!', 'Demo-Pass-2026', 'Admin-Test-Pass-42', 'Admin-Pass-2026', 'Profile-Pass-2026', 'Profile-Admin-2026',
    'Scan-Demo-Pass-2026', 'Scan-Admin-Pass-2026', 'Bench-Pass-2026', 'Bench-Admin-2026', 'Other-Pass-123', 'Unique-Pass-Phrase-991',
    // Words with short runs in them, and runs broken by other characters.
    'firstclass', 'Tr0ub4dor&3', 'correct horse battery staple', 'abcdefXq', 'qwerty-Lorry-88', 'Summer2026Summer2026', 'mydog-ate-abc',
  ])('accepts %s', (password) => {
    expect(isTooCommon(password)).toBe(false);
    expect(passwordProblems(password, 'carrier', 'carrier@carrier.example.com')).toEqual([]);
  });

  it('accepts the passwords the system generates (admin: 12 random bytes; demo: demo- and 6 random bytes)', () => {
    for (let i = 0; i < 2_000; i++) {
      expect(passwordProblems(randomBytes(12).toString('base64url'), 'admin', 'admin@freight-portal.local')).toEqual([]);
      expect(passwordProblems(`demo-${randomBytes(6).toString('hex')}`, 'carrier', 'carrier@carrier.example.com')).toEqual([]);
    }
  });

  it('keeps the other messages as they were', () => {
    expect(passwordProblems('Ab1!')).toEqual(['This password is too short. It must contain at least 8 characters.']);
    expect(passwordProblems('83920174629')).toEqual(['This password is entirely numeric.']);
    expect(passwordProblems('password123')).toEqual([TOO_COMMON]);
    expect(passwordProblems('BigTrucks99', 'bigtrucks')).toEqual(['The password is too similar to the username.']);
  });

  it('answers quickly for the longest password checked, and does not check longer ones', () => {
    const started = performance.now();
    for (const password of ['a'.repeat(127) + 'b', 'ab'.repeat(64), 'abcdefg'.repeat(18) + 'x', 'x'.repeat(100_000)]) isTooCommon(password);
    expect(performance.now() - started).toBeLessThan(500);
    expect(passwordProblems('a'.repeat(129))).toEqual(['This password is too long. It must contain at most 128 characters.']);
  });
});

describe('the common-password list', () => {
  it('holds a few hundred lower-case passwords of at least 8 characters', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(250);
    for (const password of COMMON_PASSWORDS) {
      expect(password).toBe(password.toLowerCase());
      expect(password.length).toBeGreaterThanOrEqual(8);
    }
  });

  it('refuses every listed password in any case', () => {
    for (const password of COMMON_PASSWORDS) {
      expect(isTooCommon(password)).toBe(true);
      expect(isTooCommon(password.toUpperCase())).toBe(true);
    }
  });
});
