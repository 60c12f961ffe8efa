import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { newestEventPosition } from '../../../lib/api-client';
import { coalescedRefresh } from '../../../lib/coalesced-refresh';

/**
 * Re-reads `queryKey` when this tab records a change (api-client notes every command's event position, and the
 * re-read waits for it) or when `watch` changes identity (e.g. the record a screen shows, updated by a live push).
 * The first render reads as usual. A burst of changes re-reads once, and once more when it is over (never one
 * cancelled read per change). `minIntervalMs` spaces the re-reads of a costly list that every change anywhere touches.
 */
export function useFollowChanges(queryKey: QueryKey, watch?: unknown, { minIntervalMs = 0 }: { minIntervalMs?: number } = {}): void {
  const queryClient = useQueryClient();
  const position = newestEventPosition();
  const keyText = JSON.stringify(queryKey);
  const seen = useRef({ position, watch, keyText });
  const refresh = useRef<{ keyText: string; request(): void } | null>(null);

  useEffect(() => {
    const before = seen.current;
    seen.current = { position, watch, keyText };
    if (before.keyText !== keyText) return; // another record: its own first read
    if (before.position === position && Object.is(before.watch, watch)) return;
    if (refresh.current?.keyText !== keyText) {
      const key = JSON.parse(keyText) as QueryKey;
      refresh.current = { keyText, request: coalescedRefresh(() => queryClient.invalidateQueries({ queryKey: key }), { minIntervalMs }) };
    }
    refresh.current.request();
  }, [position, watch, keyText, queryClient, minIntervalMs]);
}
