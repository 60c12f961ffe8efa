import { vendorSignUpSchema } from '@portal/domain/accounts/schemas';
import type { FieldDefinition } from '../../../components/form/field-definition';
import { SignupPage } from './signup-page';

const VENDOR_SIGNUP_FIELDS: FieldDefinition[] = [
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

export function VendorSignupPage() {
  return (
    <SignupPage
      portal="vendor"
      pageTitle="Vendor Portal"
      formTitle="Vendor Sign Up"
      fields={VENDOR_SIGNUP_FIELDS}
      schema={vendorSignUpSchema}
      loginPath="/"
    />
  );
}
