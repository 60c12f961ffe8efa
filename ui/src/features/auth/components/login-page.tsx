import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { FieldDefinition } from '../../../components/form/field-definition';
import { GenericForm } from '../../../components/form/generic-form';
import type { CurrentUser } from '../../../lib/auth/current-user';
import { resumePathFor, SESSION_ENDED, sessionEndedAt } from '../../../lib/auth/resume';
import { loginErrorMessage, type Portal, useLogin } from '../api/login';

// The spec's one message for every failure (bad password, wrong portal, server down), except a lockout (429): the
// server's own words, with the wait (see loginErrorMessage).

const LOGIN_FIELDS: FieldDefinition[] = [
  { name: 'username', label: 'Username', type: 'text', required: true, autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', required: true, autoComplete: 'current-password' },
];

interface LoginPageProps {
  portal: Portal;
  pageTitle: string;
  formTitle: string;
  signupPath: string;
  otherPortal: { label: string; path: string };
  destination(user: CurrentUser): Promise<string>;
}

export function LoginPage({ portal, pageTitle, formTitle, signupPath, otherPortal, destination }: LoginPageProps) {
  const { state } = useLocation();
  // Sent here because the session ended: the same user comes back to where they were (lib/auth/resume.ts).
  const login = useLogin({ portal, destination: async (user) => resumePathFor(state, user) ?? destination(user) });
  const [error, setError] = useState<string | null>(null);

  async function submit(values: Record<string, string>) {
    setError(null);
    try {
      await login.mutateAsync({ username: values.username ?? '', password: values.password ?? '' });
    } catch (failure) {
      setError(loginErrorMessage(failure));
    }
  }

  return (
    <section className="auth-page">
      <h1 className="auth-page-title">{pageTitle}</h1>
      <div className="card auth-card">
        {/* Until a sign-in fails: then the failure is what this page says (both at once read as a contradiction). */}
        {sessionEndedAt(state) && error === null && (
          <p className="auth-notice" role="status">
            {SESSION_ENDED}
          </p>
        )}
        <GenericForm
          title={formTitle}
          fields={LOGIN_FIELDS}
          submitLabel="Log In"
          onSubmit={submit}
          error={error}
          footer={
            <div className="auth-links">
              <p>
                No account yet? <Link to={signupPath}>Sign up</Link>
              </p>
              <p>
                <Link to={otherPortal.path}>{otherPortal.label}</Link>
              </p>
            </div>
          }
        />
      </div>
    </section>
  );
}
