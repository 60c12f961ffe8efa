import { useCallback, useEffect, useRef, useState } from 'react';

// vendor-side.md section 9: a saved value shows its tick for 3 s, an error for 5 s.
export const SUCCESS_FLASH_MS = 3000;
export const ERROR_FLASH_MS = 5000;

export type Flash = { kind: 'idle' } | { kind: 'saving' } | { kind: 'success' } | { kind: 'error'; message: string };

/** The short-lived feedback next to a control that saves on change: saving, then a tick or an error that fade. */
export function useFlash() {
  const [flash, setFlash] = useState<Flash>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback((next: Flash, forMs?: number) => {
    clearTimeout(timer.current);
    setFlash(next);
    if (forMs !== undefined) timer.current = setTimeout(() => setFlash({ kind: 'idle' }), forMs);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return {
    flash,
    saving: useCallback(() => show({ kind: 'saving' }), [show]),
    succeeded: useCallback(() => show({ kind: 'success' }, SUCCESS_FLASH_MS), [show]),
    failed: useCallback((message: string) => show({ kind: 'error', message }, ERROR_FLASH_MS), [show]),
  };
}
