import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  changeStaffField,
  isStaffProfileCompleted,
  staffFormErrors,
  staffFormValuesOf,
  staffProfileBody,
  staffSaveErrorMessage,
  staffSaveFieldErrors,
} from './staff-profile-form';

const loaded = staffFormValuesOf({
  tier: 'DISPATCH_OPS',
  department: 'Operations',
  position: 'Dispatcher',
  first_name: 'Dana',
  last_name: 'Ross',
  email: 'dana@kdt.example',
  phone: '(214) 555-0100',
  phone_ext: null,
  bio: null,
});

describe('the staff profile form', () => {
  it('starts from the profile, blanks for missing values', () => {
    expect(loaded.phone_ext).toBe('');
    expect(staffFormValuesOf(null).tier).toBe('');
  });

  it('formats the phone as (xxx) xxx-xxxx once it has ten digits, and says so otherwise', () => {
    expect(changeStaffField(loaded, {}, 'phone', '2145550199').values.phone).toBe('(214) 555-0199');
    expect(changeStaffField(loaded, {}, 'phone', '21455').errors.phone).toBe('Phone format: (xxx) xxx-xxxx');
    expect(changeStaffField(loaded, {}, 'email', 'dana@').errors.email).toBe('Please enter a valid email address.');
  });

  it('is Completed when first and last name, email and phone are filled and error-free', () => {
    expect(isStaffProfileCompleted(loaded)).toBe(true);
    expect(isStaffProfileCompleted({ ...loaded, phone: '' })).toBe(false);
    expect(isStaffProfileCompleted({ ...loaded, email: 'dana@' })).toBe(false);
    expect(isStaffProfileCompleted({ ...loaded, department: '' })).toBe(true);
  });

  it('requires tier, department, position, names, email and phone, not the extension', () => {
    expect(staffFormErrors(loaded)).toEqual({});
    const errors = staffFormErrors({ ...loaded, department: ' ', phone_ext: '', email: 'nope' });
    expect(Object.keys(errors).sort()).toEqual(['department', 'email']);
  });

  it('sends every non-empty field, trimmed and formatted, changed or not (empty ones are not sent)', () => {
    const filled = { tier: 'DISPATCH_OPS', department: 'Operations', position: 'Dispatcher', first_name: 'Dana', last_name: 'Ross', email: 'dana@kdt.example', phone: '(214) 555-0100' };
    expect(staffProfileBody(loaded)).toEqual(filled);
    expect(staffProfileBody({ ...loaded, position: ' Lead Dispatcher ', phone: '214.555.0199', bio: '' })).toEqual({
      ...filled,
      position: 'Lead Dispatcher',
      phone: '(214) 555-0199',
    });
  });

  it('reports a refused save with the field messages or the detail, else the generic text', () => {
    const refused = new ApiError(400, { phone: ['Phone format: (xxx) xxx-xxxx'] });
    expect(staffSaveErrorMessage(refused)).toBe('Save failed: phone: Phone format: (xxx) xxx-xxxx');
    expect(staffSaveFieldErrors(refused)).toEqual({ phone: 'Phone format: (xxx) xxx-xxxx' });
    expect(staffSaveErrorMessage(new ApiError(403, { detail: 'You do not have permission to edit this profile.' }))).toBe(
      'Save failed: You do not have permission to edit this profile.',
    );
    expect(staffSaveErrorMessage(new ApiError(500, null))).toBe('Failed to save profile. Please try again later.');
    expect(staffSaveErrorMessage(new TypeError('network'))).toBe('Failed to save profile. Please try again later.');
  });
});
