import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ToastLayer } from './toast-layer';
import './modal.css';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  size?: ModalSize;
  children: ReactNode;
  /** Buttons under the body, right-aligned. */
  footer?: ReactNode;
  /**
   * The body may scroll with nothing focusable in it (a read-only view): it is then a focusable region named by the
   * title, so the keyboard can reach and scroll it.
   */
  scrollableBody?: boolean;
}

/**
 * A modal dialog on the native <dialog> (focus kept inside, page inert behind it). Escape and a click outside the
 * panel close it; the content mounts only while open, so its state starts fresh each time. It opens on its first
 * form field and gives the focus back to what opened it when it closes.
 */
export function Modal({ open, title, onClose, size = 'md', children, footer, scrollableBody }: ModalProps) {
  if (!open) return null;
  return (
    <ModalPanel title={title} onClose={onClose} size={size} footer={footer} scrollableBody={scrollableBody}>
      {children}
    </ModalPanel>
  );
}

/** The dialog's first form field, where typing starts (the close button comes first in the page order). */
const FIRST_FIELD = ['input:not([type=hidden]):not([disabled])', 'select:not([disabled])', 'textarea:not([disabled])']
  .map((selector) => `.modal-body ${selector}`)
  .join(', ');
/** A field the dialog's content asks to start on instead (React's autoFocus writes no attribute; this one does). */
const CHOSEN_FIELD = '.modal-body [data-autofocus]';

function ModalPanel({ title, onClose, size, children, footer, scrollableBody = false }: Omit<ModalProps, 'open'> & { size: ModalSize }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // What had the focus when the modal opened (read while rendering, before the dialog takes the focus).
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    (element.querySelector<HTMLElement>(CHOSEN_FIELD) ?? element.querySelector<HTMLElement>(FIRST_FIELD))?.focus();
    return () => {
      element.close();
      // Back where the keyboard user was, not the top of the page (the dialog has left the page by now).
      if (opener?.isConnected && opener !== document.body) opener.focus();
    };
  }, [opener]);

  return (
    <dialog
      ref={dialog}
      className={`modal modal-${size}`}
      aria-labelledby={titleId}
      // Escape: the parent decides whether the modal goes away.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // The dialog element itself is only hit on the backdrop; the panel inside covers the rest.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-panel">
        <header className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="modal-body" {...(scrollableBody && { tabIndex: 0, role: 'region', 'aria-labelledby': titleId })}>
          {children}
        </div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
      {/* Toasts shown while the dialog is open are drawn and said in it: everything outside it is inert. */}
      <ToastLayer kind="dialog" />
    </dialog>
  );
}
