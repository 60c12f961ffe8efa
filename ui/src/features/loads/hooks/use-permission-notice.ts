import { useCallback, useEffect, useRef, useState } from 'react';
import { PERMISSION_MESSAGE_MS } from '../utils/load-capabilities';

/** A refusal shown where the user tried to act, for 3000 ms. */
export function usePermissionNotice(durationMs = PERMISSION_MESSAGE_MS) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show };
}
