import { describe, expect, it } from 'vitest';
import { checkStaffField } from './profile-rules';

describe('staff profile field rules', () => {
  it('counts characters as people count them: an emoji is one', () => {
    expect(checkStaffField('first_name', '🚚'.repeat(150)).error).toBeNull();
    expect(checkStaffField('first_name', '🚚'.repeat(151)).error).toBe('Ensure this field has no more than 150 characters.');
    expect(checkStaffField('bio', '🚚'.repeat(2000)).error).toBeNull();
    expect(checkStaffField('bio', 'x'.repeat(2001)).error).toBe('Ensure this field has no more than 2000 characters.');
  });
});
