import { Link, useSearchParams } from 'react-router';

// The activation link (GET /api/auth/activate/{token}/) lands here; `status` says why it did not activate.
const OUTCOMES: Record<string, { title: string; text: string }> = {
  used: {
    title: 'This activation link has already been used.',
    text: 'Your account may already be active. Try logging in.',
  },
  invalid: {
    title: 'This activation link is not valid.',
    text: 'Check that you opened the full link from the email.',
  },
  expired: {
    title: 'This activation link has expired. Please sign up again.',
    text: 'Activation links are valid for a limited time.',
  },
};

const ACTIVATED = {
  title: 'Account Activated!',
  text: 'Your account is activated and you can now log in.',
};

export function AccountActivatedPage() {
  const [params] = useSearchParams();
  const outcome = OUTCOMES[params.get('status') ?? ''] ?? ACTIVATED;
  const success = outcome === ACTIVATED;

  return (
    <section className="auth-page">
      <div className="card auth-card activation-card">
        <h1 className={success ? 'activation-title success' : 'activation-title'}>{outcome.title}</h1>
        <p>{outcome.text}</p>
        <div className="activation-links">
          <Link to="/" className="button button-primary">
            Go to Vendor Login
          </Link>
          <Link to="/staff/login" className="button button-secondary">
            Go to Staff Login
          </Link>
        </div>
      </div>
    </section>
  );
}
