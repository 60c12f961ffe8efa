import { Link } from 'react-router';
import { useSession } from '../lib/auth/current-user';

/** Home is where the user's own pages start: the board for staff, the vendor login (which sends vendors on) otherwise. */
export function NotFoundPage() {
  const { userType } = useSession();
  return (
    <section className="page page-centered">
      <h1>404 Not Found</h1>
      <p className="muted">The page you asked for does not exist.</p>
      <p>
        <Link to={userType === 'STAFF' ? '/staff/loads' : '/'}>Go to the home page</Link>
      </p>
    </section>
  );
}
