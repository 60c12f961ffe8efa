import { Link, useRouteError } from 'react-router';

/** Last resort when a screen throws while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="app-main">
      <section className="page page-centered">
        <h1>Something went wrong</h1>
        <p className="muted">The page could not be shown. Reload the page or go back to the start.</p>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </section>
    </main>
  );
}
