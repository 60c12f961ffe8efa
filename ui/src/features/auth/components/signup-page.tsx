import { useState } from 'react';
import { Link } from 'react-router';
import type { FieldDefinition, FormValues } from '../../../components/form/field-definition';
import { GenericForm } from '../../../components/form/generic-form';
import { describeErrorBody, fieldErrorsOf, formErrorMessage } from '../../../lib/error-messages';
import { issuesByField, type SafeParser } from '../../../lib/validation';
import type { Portal } from '../api/login';
import { type SignupInput, type SignupResult, useSignup } from '../api/signup';
import { CheckEmail } from './check-email';

interface SignupPageProps {
  portal: Portal;
  pageTitle: string;
  formTitle: string;
  fields: FieldDefinition[];
  /** The domain's sign-up schema: the same rules and messages as the server's 400 answer. */
  schema: SafeParser<SignupInput>;
  loginPath: string;
}

export function SignupPage({ portal, pageTitle, formTitle, fields, schema, loginPath }: SignupPageProps) {
  const signup = useSignup(portal);
  const [done, setDone] = useState<SignupResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  async function submit(values: FormValues) {
    setError(null);
    setFieldErrors({});
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const errors = issuesByField(parsed.error.issues);
      setFieldErrors(errors);
      setError(describeErrorBody(errors));
      return;
    }
    try {
      setDone(await signup.mutateAsync(parsed.data));
    } catch (failure) {
      setError(formErrorMessage(failure));
      setFieldErrors(fieldErrorsOf(failure));
    }
  }

  return (
    <section className="auth-page">
      <h1 className="auth-page-title">{pageTitle}</h1>
      {done ? (
        <CheckEmail email={done.email} loginPath={loginPath} />
      ) : (
        <div className="card auth-card">
          <GenericForm
            title={formTitle}
            fields={fields}
            submitLabel="Sign Up"
            onSubmit={submit}
            error={error}
            fieldErrors={fieldErrors}
            footer={
              <div className="auth-links">
                <p>
                  Already have an account? <Link to={loginPath}>Log in</Link>
                </p>
              </div>
            }
          />
        </div>
      )}
    </section>
  );
}
