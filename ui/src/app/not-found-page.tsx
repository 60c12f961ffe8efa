import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="page page-centered">
      <h1>404 Not Found</h1>
      <p className="muted">The page you asked for does not exist.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
