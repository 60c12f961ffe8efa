import type { ConnectionState } from '../utils/live-connection';
import '../realtime.css';

const LABELS: Record<ConnectionState, { text: string; title: string }> = {
  live: { text: 'Live', title: 'Changes by others appear as they happen.' },
  // Short, as the other two: the state it names comes and goes at every page load (until the socket connects) and on
  // every drop, and a wider word pushed an ADMIN's nav bar onto two rows at 1280 px and back (a layout shift).
  reconnecting: { text: 'Connecting', title: 'Not connected for live changes yet; they will be caught up once it is.' },
  offline: { text: 'Offline', title: 'Not receiving live changes. Reload the page to try again.' },
};

/** The nav bar's small dot and word for the live connection. */
export function LiveIndicator({ state }: { state: ConnectionState }) {
  const { text, title } = LABELS[state];
  return (
    <span className={`live-indicator is-${state}`} role="status" aria-label={`Connection: ${text}`} title={title} data-state={state}>
      <span className="live-dot" aria-hidden="true" />
      {text}
    </span>
  );
}
