// One live connection's state machine, independent of socket.io and React so it can be tested with a fake socket.
import { laterPosition, type LoadsChanged, readLoadsChanged } from './live-messages';

/**
 * 'offline': socket.io gave up (the server refused or closed the connection) or the connection was closed; only a
 * reload tries again. 'no-network': the browser is offline; the connection comes back by itself when it is online.
 */
export type ConnectionState = 'live' | 'reconnecting' | 'offline' | 'no-network';

export interface LiveSnapshot {
  state: ConnectionState;
  /** The newest event position the server has announced to this connection, or null before the first. */
  position: string | null;
}

/** The part of a socket.io-client Socket this uses. */
export interface SocketLike {
  /** True while the socket is connected or trying to (re)connect; false once it gave up or was closed. */
  readonly active: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  disconnect(): unknown;
}

/** The browser's network state (window 'online' / 'offline'). */
export interface NetworkLike {
  isOnline(): boolean;
  subscribe(onChange: () => void): () => void;
}

/**
 * Why everything is read again: the connection's first greeting (it opens as the app starts, next to the page's own
 * first reads), a reconnect (after a gap of any length), or notices the server missed.
 */
export type ResyncOccasion = 'connected' | 'reconnected' | 'missed-notices';

export interface LiveHandlers {
  /** Rows pushed by the server. */
  onChanges(changes: LoadsChanged): void;
  /** Everything may be stale (connected, reconnected, or the server missed notices): re-read. */
  onResync(occasion: ResyncOccasion): void;
  /** A position the server has reached, so later reads can ask for at least it. */
  onPosition(position: string): void;
  /** A vendor or staff member was deleted or restored (staff sockets only): the recycle bin is out of date. */
  onRecycleBinChanged(): void;
  /** The payments log changed (payment facts added, a load deleted or restored). */
  onPaymentsChanged(): void;
  /** An account changed (staff sockets only): the staff accounts list and a staff member's page are out of date. */
  onAccountsChanged(): void;
  /**
   * The signed-in user may have changed (their tier): a push saying so, a reconnect or a resync, which may have missed
   * one (not the first connect: the page has just read the user); or may be gone: the server closed the connection or
   * refused it for good.
   */
  onUserChanged(): void;
}

export class LiveConnection {
  private snapshot: LiveSnapshot = { state: 'reconnecting', position: null };
  private readonly listeners = new Set<() => void>();
  private connected = false;
  private closed = false;
  /** A 'hello' came before: the next one follows a reconnect. */
  private greeted = false;
  private readonly stopNetwork: () => void;

  constructor(
    private readonly socket: SocketLike,
    private readonly handlers: LiveHandlers,
    private readonly network: NetworkLike = { isOnline: () => true, subscribe: () => () => undefined },
  ) {
    socket.on('connect', () => {
      this.connected = true;
      this.update();
    });
    socket.on('disconnect', () => {
      this.connected = false;
      this.update();
      this.recheckUserIfGivenUp();
    });
    socket.on('connect_error', () => {
      this.connected = false;
      this.update();
      this.recheckUserIfGivenUp();
    });
    // 'hello' follows every (re)connect once the socket is in its room: whatever changed before that was not pushed
    // to it, so the caches re-read from the server.
    socket.on('hello', (message: { position?: unknown }) => {
      this.see(message?.position);
      handlers.onResync(this.greeted ? 'reconnected' : 'connected');
      if (this.greeted) handlers.onUserChanged();
      this.greeted = true;
    });
    socket.on('me:changed', (message: { position?: unknown }) => {
      this.see(message?.position);
      handlers.onUserChanged();
    });
    socket.on('loads:changed', (message: unknown) => {
      const changes = readLoadsChanged(message);
      if (!changes) return;
      this.see(changes.position);
      handlers.onChanges(changes);
    });
    // Announcements that say no more than that something changed, at a position.
    const announcements = [
      ['recycle-bin:changed', () => handlers.onRecycleBinChanged()],
      ['payments:changed', () => handlers.onPaymentsChanged()],
      ['accounts:changed', () => handlers.onAccountsChanged()],
    ] as const;
    for (const [event, handle] of announcements) {
      socket.on(event, (message: { position?: unknown }) => {
        this.see(message?.position);
        handle();
      });
    }
    socket.on('loads:resync', (message: { position?: unknown }) => {
      this.see(message?.position);
      handlers.onResync('missed-notices');
      // The server may have missed notices, a tier change among them.
      handlers.onUserChanged();
    });
    this.stopNetwork = network.subscribe(() => this.update());
  }

  getSnapshot = (): LiveSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopNetwork();
    this.socket.disconnect();
    this.connected = false;
    this.update();
  }

  /**
   * The server closed the connection or refused its handshake (it does so when the session ends: a logout in another
   * tab, an expiry, the account removed), so socket.io stops trying: the signed-in user may be gone.
   */
  private recheckUserIfGivenUp(): void {
    if (!this.closed && !this.socket.active) this.handlers.onUserChanged();
  }

  private stateNow(): ConnectionState {
    if (this.closed) return 'offline';
    // Offline, it comes back by itself only if socket.io is still trying (it stops after a refusal or a server kick).
    if (!this.network.isOnline()) return this.socket.active ? 'no-network' : 'offline';
    if (this.connected) return 'live';
    // socket.io keeps retrying after a dropped connection; it stops after a refused handshake or a server kick.
    return this.socket.active ? 'reconnecting' : 'offline';
  }

  private see(position: unknown): void {
    const next = laterPosition(this.snapshot.position, position);
    if (next === this.snapshot.position) return;
    this.handlers.onPosition(next!);
    this.set({ ...this.snapshot, position: next });
  }

  private update(): void {
    const state = this.stateNow();
    if (state !== this.snapshot.state) this.set({ ...this.snapshot, state });
  }

  private set(next: LiveSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}
