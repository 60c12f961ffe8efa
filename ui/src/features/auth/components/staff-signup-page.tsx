import { staffSignUpSchema } from '@portal/domain/accounts/schemas';
import type { FieldDefinition } from '../../../components/form/field-definition';
import { SignupPage } from './signup-page';

const STAFF_SIGNUP_FIELDS: FieldDefinition[] = [
  { name: 'first_name', label: 'First Name', type: 'text', required: true, autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last Name', type: 'text', required: true, autoComplete: 'family-name' },
  { name: 'username', label: 'Username', type: 'text', required: true, autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', required: true, autoComplete: 'email' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    required: true,
    autoComplete: 'new-password',
    hint: 'At least 8 characters.',
  },
];

export function StaffSignupPage() {
  return (
    <SignupPage
      portal="staff"
      pageTitle="Staff Portal"
      formTitle="Staff Sign Up"
      fields={STAFF_SIGNUP_FIELDS}
      schema={staffSignUpSchema}
      loginPath="/staff/login"
    />
  );
}
