import { Link } from 'react-router';

interface CheckEmailProps {
  email: string;
  loginPath: string;
}

/** Shown after a successful sign-up: the account waits for the activation link. */
export function CheckEmail({ email, loginPath }: CheckEmailProps) {
  return (
    <div className="card auth-card" role="status">
      <h2 className="form-title">Check your email</h2>
      <p>
        We sent an activation link to <strong>{email}</strong>. Open it to activate your account, then log in.
      </p>
      <p className="muted">If the email does not arrive within a few minutes, check your spam folder.</p>
      <p>
        <Link to={loginPath} className="button button-secondary">
          Back to login
        </Link>
      </p>
    </div>
  );
}
