// The staff profile rules of staff-side.md section 5, for the command API and the staff profile form.
import { characterCount, formatPhone } from '../vendors/profile-rules';
import type { StaffProfileField } from './events';

export const STAFF_REQUIRED_FIELDS: readonly StaffProfileField[] = ['department', 'position', 'first_name', 'last_name', 'email', 'phone'];

export function checkStaffField(field: StaffProfileField, raw: string): { value: string; error: string | null } {
  const trimmed = raw.trim();
  if (trimmed === '') return { value: '', error: null };
  switch (field) {
    case 'phone': {
      const value = formatPhone(trimmed);
      return { value, error: /^\(\d{3}\) \d{3}-\d{4}$/.test(value) ? null : 'Phone format: (xxx) xxx-xxxx' };
    }
    case 'email': {
      const value = trimmed.toLowerCase();
      return { value, error: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254 ? null : 'Please enter a valid email address.' };
    }
    case 'phone_ext':
      return { value: trimmed, error: /^\d{1,6}$/.test(trimmed) ? null : 'Extension must be 1-6 digits' };
    case 'bio':
      return { value: trimmed, error: characterCount(trimmed) > 2000 ? 'Ensure this field has no more than 2000 characters.' : null };
    default:
      return { value: trimmed, error: characterCount(trimmed) > 150 ? 'Ensure this field has no more than 150 characters.' : null };
  }
}

/** "Completed" when the four basics are filled and error-free (staff-side.md section 2). */
export function staffProfileCompleted(profile: Partial<Record<StaffProfileField, string | null>>): boolean {
  return (['first_name', 'last_name', 'email', 'phone'] as const).every((field) => {
    const value = profile[field];
    return typeof value === 'string' && value.trim() !== '' && checkStaffField(field, value).error === null;
  });
}
