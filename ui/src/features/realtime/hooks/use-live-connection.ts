import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { io } from 'socket.io-client';
import { notePosition } from '../../../lib/api-client';
import { recheckSession } from '../../../lib/auth/session-sync';
import { noteAccountsPushed, noteLoadsPushed, notePaymentsPushed, noteRecycleBinPushed } from '../../../lib/live-changes';
import { createLoadChangesBatcher, refreshLoads } from '../../loads/api/load-cache';
import { LiveConnection, type LiveSnapshot, type NetworkLike } from '../utils/live-connection';

const browserNetwork: NetworkLike = {
  isOnline: () => navigator.onLine,
  subscribe(onChange) {
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    return () => {
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    };
  },
};

/** Same origin; the session cookie authenticates the handshake. WebSocket first, long-polling if it is blocked. */
function openLiveConnection(queryClient: QueryClient): LiveConnection {
  const changes = createLoadChangesBatcher(queryClient);
  const socket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket', 'polling'], tryAllTransports: true });
  return new LiveConnection(
    socket,
    {
      onChanges: (pushed) => {
        changes.push(pushed);
        noteLoadsPushed();
      },
      onResync: (occasion) => {
        void changes.resync(() => refreshLoads(queryClient, { keepNotFound: occasion === 'connected' }));
        noteLoadsPushed();
        notePaymentsPushed();
        noteAccountsPushed();
      },
      // Later reads ask the read API for at least what the socket has announced (X-Min-Position).
      onPosition: notePosition,
      onRecycleBinChanged: noteRecycleBinPushed,
      onPaymentsChanged: notePaymentsPushed,
      onAccountsChanged: noteAccountsPushed,
      onUserChanged: () => void recheckSession(queryClient),
    },
    browserNetwork,
  );
}

// One connection per signed-in user, however many components ask for it.
let shared: { userId: string; connection: LiveConnection; holders: number } | null = null;

function acquire(userId: string, open: () => LiveConnection): LiveConnection {
  if (shared && shared.userId !== userId) {
    shared.connection.close();
    shared = null;
  }
  shared ??= { userId, connection: open(), holders: 0 };
  shared.holders += 1;
  return shared.connection;
}

function release(connection: LiveConnection): void {
  if (!shared || shared.connection !== connection) {
    connection.close();
    return;
  }
  shared.holders -= 1;
  if (shared.holders === 0) {
    shared.connection.close();
    shared = null;
  }
}

const NOT_CONNECTED: LiveSnapshot = { state: 'offline', position: null };
const notConnected = () => NOT_CONNECTED;
const noSubscription = () => () => undefined;

/**
 * Keeps the user's live connection open while `userId` is set (signed in), feeding pushed loads into the React Query
 * caches, and returns its state and the last position seen.
 */
export function useLiveConnection(userId: string | null): LiveSnapshot {
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<LiveConnection | null>(null);

  useEffect(() => {
    if (!userId) return;
    const held = acquire(userId, () => openLiveConnection(queryClient));
    setConnection(held);
    return () => {
      setConnection(null);
      release(held);
    };
  }, [userId, queryClient]);

  return useSyncExternalStore(connection?.subscribe ?? noSubscription, connection?.getSnapshot ?? notConnected);
}
