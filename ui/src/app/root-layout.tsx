import { Outlet } from 'react-router';
import { useSession } from '../lib/auth/current-user';
import { NavBar } from './nav-bar';

/** Every page: the session check first, then the navigation bar over the routed screen. */
export function RootLayout() {
  const { isChecking } = useSession();
  if (isChecking) {
    return (
      <div className="app-loading" role="status">
        Loading App...
      </div>
    );
  }
  return (
    <>
      <NavBar />
      <main className="app-main">
        <Outlet />
      </main>
    </>
  );
}
