import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useDismiss } from '../../../lib/dismiss';
import type { ConnectionState } from '../utils/live-connection';
import '../realtime.css';

const LIVE_INDICATOR_TEXTS: Record<ConnectionState, { text: string; explanation: string }> = {
  live: { text: 'Live', explanation: 'Changes by others appear as they happen.' },
  // Short, as the others: the state it names comes and goes at every page load (until the socket connects) and on
  // every drop, and a wider word pushed an ADMIN's nav bar onto two rows at 1280 px and back (a layout shift).
  reconnecting: { text: 'Connecting', explanation: 'Not connected for live changes yet; they will be caught up once it is.' },
  offline: { text: 'Offline', explanation: 'Not receiving live changes. Reload the page to try again.' },
  // The connection comes back by itself once the browser is online again: a reload would only fail meanwhile.
  'no-network': { text: 'Offline', explanation: 'This device is offline. Live changes resume by themselves when it is back online.' },
};

/**
 * The nav bar's small dot and word for the live connection. A press shows what it means (a tooltip alone never shows
 * on a touch screen); a press again, Escape or moving on hides it.
 */
export function LiveIndicator({ state }: { state: ConnectionState }) {
  const { text, explanation } = LIVE_INDICATOR_TEXTS[state];
  const [open, setOpen] = useState(false);
  const explanationId = useId();
  const box = useRef<HTMLSpanElement>(null);
  const wrap = useRef<HTMLSpanElement>(null);
  // Closed by a press anywhere else, or Escape wherever the focus is (and by the focus moving on, below).
  useDismiss(open, wrap, () => setOpen(false));
  // Under the indicator, moved sideways as far as it takes to stay on the screen (the nav bar wraps on a phone, so the
  // indicator may be anywhere along its row).
  useLayoutEffect(() => {
    const element = box.current;
    if (!open || !element) return;
    element.style.translate = '';
    const margin = 8;
    const { left, right } = element.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const shift = left < margin ? margin - left : right > width - margin ? Math.max(width - margin - right, margin - left) : 0;
    if (shift !== 0) element.style.translate = `${Math.round(shift)}px 0`;
  }, [open, explanation]);
  return (
    <span ref={wrap} className="live-indicator-wrap" role="status" aria-label={`Connection: ${text}`} data-state={state}>
      <button
        type="button"
        className={`live-indicator is-${state}`}
        aria-label={`Connection: ${text}`}
        aria-expanded={open}
        aria-controls={explanationId}
        title={open ? undefined : explanation}
        onClick={() => setOpen(!open)}
        onBlur={() => setOpen(false)}
      >
        <span className="live-dot" aria-hidden="true" />
        {text}
      </button>
      <span ref={box} id={explanationId} className="live-explanation" hidden={!open}>
        {explanation}
      </span>
    </span>
  );
}
