import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Toast, type ToastApi, ToastContext, type ToastKind } from '../lib/toast-context';
import { sayToast } from '../lib/toast-layers';
import { ToastViewport } from './toast-viewport';

const MAX_TOASTS = 20;
const DISMISS_AFTER_MS: Record<ToastKind, number> = { success: 4000, info: 5000, error: 7000 };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (kind: ToastKind, message: string) => {
      const id = nextId.current++;
      // The newest toast goes last; past the cap the oldest ones are dropped.
      setToasts((current) => [...current, { id, kind, message }].slice(-MAX_TOASTS));
      sayToast(kind, message);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), DISMISS_AFTER_MS[kind]),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message) => show('success', message),
      error: (message) => show('error', message),
      info: (message) => show('info', message),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} />
    </ToastContext>
  );
}
