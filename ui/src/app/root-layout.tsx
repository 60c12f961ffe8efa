import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useLeaveWarning } from '../components/unsaved-changes-guard';
import { Outlet } from 'react-router';
import { shownAsGuestByFailure, useSession } from '../lib/auth/current-user';
import { recheckSession } from '../lib/auth/session-sync';
import { RecordTitleContext } from '../lib/record-title';
import { NavBar } from './nav-bar';
import { useDocumentTitle } from './page-title';
import { useFocusOnNavigation } from './route-focus';
import './skip-link.css';

/** How often a guest shown because the server could not be asked is looked at again. */
const GUEST_RECHECK_MS = 5_000;

/**
 * Every page: the session check first, then the skip link and the navigation bar over the routed screen. The document
 * title follows the route (and the record the page shows); a client-side page change moves the focus to the new page.
 */
export function RootLayout() {
  const { isChecking, user } = useSession();
  const queryClient = useQueryClient();
  // Shown as a guest because the server could not be asked: asked again every few seconds until it answers (a session
  // still good then signs the user back in where they are, as a sign-in in another tab does).
  useEffect(() => {
    if (isChecking || user) return;
    const timer = setInterval(() => {
      if (shownAsGuestByFailure()) void recheckSession(queryClient);
    }, GUEST_RECHECK_MS);
    return () => clearInterval(timer);
  }, [isChecking, user, queryClient]);
  // A load document upload goes on when its dialog is closed: closing or reloading the tab meanwhile asks first.
  useLeaveWarning(useIsMutating({ mutationKey: ['load-document-upload'] }) > 0);
  const [record, setRecord] = useState<string | null>(null);
  const main = useRef<HTMLElement>(null);
  useDocumentTitle(record);
  useFocusOnNavigation(main);

  if (isChecking) {
    return (
      <div className="app-loading" role="status">
        Loading App...
      </div>
    );
  }

  // Focus (and scroll to) main without the browser's own jump to #main, which would add a history entry.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    main.current?.focus();
  };
  return (
    <RecordTitleContext.Provider value={setRecord}>
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to main content
      </a>
      <NavBar />
      <main id="main" className="app-main" tabIndex={-1} ref={main}>
        <Outlet />
      </main>
    </RecordTitleContext.Provider>
  );
}
