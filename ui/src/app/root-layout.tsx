import { type MouseEvent, useRef, useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { useLeaveWarning } from '../components/unsaved-changes-guard';
import { UPLOADS_KEY } from '../features/load-documents/api/upload-load-document';
import { useSession } from '../lib/auth/current-user';
import { useRecheckWhileUnanswered } from '../lib/auth/session-sync';
import { useTierChangeNotice } from '../lib/auth/tier-notice';
import { RecordTitleContext } from '../lib/record-title';
import { NavBar } from './nav-bar';
import { useDocumentTitle } from './page-title';
import { useFocusOnNavigation } from './route-focus';
import './skip-link.css';

/**
 * Every page: the session check first, then the skip link and the navigation bar over the routed screen. The document
 * title follows the route (and the record the page shows); a client-side page change moves the focus to the new page.
 */
export function RootLayout() {
  const { isChecking } = useSession();
  useRecheckWhileUnanswered();
  useTierChangeNotice();
  // A load document upload goes on when its dialog is closed: closing or reloading the tab meanwhile asks first.
  useLeaveWarning(useIsMutating({ mutationKey: UPLOADS_KEY }) > 0);
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
