import type { ConnectionState } from '../utils/live-connection';
import '../realtime.css';

const LABELS: Record<ConnectionState, { text: string; title: string }> = {
  live: { text: 'Live', title: 'Changes by others appear as they happen.' },
  reconnecting: { text: 'Reconnecting...', title: 'The live connection dropped; changes will be caught up when it is back.' },
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
