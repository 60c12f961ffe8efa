import { useEffect, useRef } from 'react';

interface PdfPreviewFrameProps {
  url: string;
  title: string;
  className?: string;
}

// Chromium's viewer takes the focus within a moment of loading; a user reaching into the frame comes later.
const SETTLE_MS = 3000;

/**
 * A PDF in a frame inside a dialog. Chromium's PDF viewer takes the focus by itself just after it loads, and keys
 * pressed in it never reach the page, so Escape would stop closing the dialog. Focus the frame takes while it is
 * settling (unless the user tabbed into it) goes back to the dialog's first button, its close button.
 */
export function PdfPreviewFrame({ url, title, className }: PdfPreviewFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const settlingSince = useRef(0);
  const lastTabAt = useRef(0);

  useEffect(() => {
    settlingSince.current = Date.now();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Tab') lastTabAt.current = Date.now();
    };
    // The page loses the focus (window blur) when the frame takes it.
    const onBlur = () =>
      setTimeout(() => {
        const element = frame.current;
        const now = Date.now();
        if (!element || document.activeElement !== element) return;
        if (now - settlingSince.current > SETTLE_MS || now - lastTabAt.current < 1000) return;
        element.closest('dialog')?.querySelector<HTMLButtonElement>('button')?.focus();
      }, 0);
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('blur', onBlur);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('blur', onBlur);
    };
  }, []);

  return (
    <iframe
      ref={frame}
      className={className}
      src={url}
      title={title}
      onLoad={() => {
        settlingSince.current = Date.now();
      }}
    />
  );
}
