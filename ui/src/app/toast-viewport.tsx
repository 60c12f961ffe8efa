import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { ToastLayer } from '../components/toast-layer';
import type { Toast } from '../lib/toast-context';
import { subscribeToastLayers, topToastLayer } from '../lib/toast-layers';

interface ToastViewportProps {
  toasts: Toast[];
  onDismiss(id: number): void;
}

/**
 * The toasts, drawn in the top layer: over an open modal dialog, inside it (where they can be read and dismissed), else
 * on the page. They are said once, when shown, by the top layer's live region (sayToast), so they carry no live role
 * here: moving between layers as a dialog opens or closes does not say them again.
 */
export function ToastViewport({ toasts, onDismiss }: ToastViewportProps) {
  const layer = useSyncExternalStore(subscribeToastLayers, topToastLayer);
  const shown =
    toasts.length > 0 ? (
      <section className="toast-viewport" aria-label="Notifications">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.kind}`}>
            <span className="toast-message">{toast.message}</span>
            <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => onDismiss(toast.id)}>
              ×
            </button>
          </div>
        ))}
      </section>
    ) : null;
  return (
    <>
      <ToastLayer kind="page" />
      {layer && shown && createPortal(shown, layer.slot)}
    </>
  );
}
