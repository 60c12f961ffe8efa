import { useEffect, useRef } from 'react';
import { addToastLayer } from '../lib/toast-layers';

/**
 * A layer for toasts: two live regions, there before anything is said in them (a region added with its words in it
 * is not read), and the place the toasts are drawn while this layer is on top. The page has one; so does every open
 * modal dialog (see lib/toast-layers).
 */
export function ToastLayer({ kind }: { kind: 'page' | 'dialog' }) {
  const status = useRef<HTMLDivElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const slot = useRef<HTMLDivElement>(null);

  useEffect(() => addToastLayer({ status: status.current!, alert: alert.current!, slot: slot.current! }, kind), [kind]);

  return (
    <div className={`toast-layer toast-layer-${kind}`}>
      {/* Live regions without a role: a page's status and alert roles stay its own (a form's error, a dialog's line). */}
      <div ref={status} className="visually-hidden" aria-live="polite" />
      <div ref={alert} className="visually-hidden" aria-live="assertive" />
      <div ref={slot} />
    </div>
  );
}
