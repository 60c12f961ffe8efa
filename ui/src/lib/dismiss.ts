import { type RefObject, useEffect, useRef } from 'react';

/**
 * While `open`, a press outside `root`, or Escape wherever the focus is, calls `close`, saying which (a menu gives the
 * focus back to its button after Escape). Listened for on the document: Safari does not focus a pressed button, so a
 * press elsewhere is no blur there.
 */
export function useDismiss(open: boolean, root: RefObject<HTMLElement | null>, close: (by: 'press' | 'escape') => void): void {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!open) return;
    const pressed = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) latest.current('press');
    };
    const key = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current('escape');
    };
    document.addEventListener('pointerdown', pressed);
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('pointerdown', pressed);
      document.removeEventListener('keydown', key);
    };
  }, [open, root]);
}
