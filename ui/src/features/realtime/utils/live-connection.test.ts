import { describe, expect, it, vi } from 'vitest';
import { loadFixture } from '../../loads/utils/load-fixture';
import { LiveConnection, type LiveHandlers, type NetworkLike, type SocketLike } from './live-connection';

/** A socket.io-like socket the test drives by hand. */
class FakeSocket implements SocketLike {
  active = true;
  disconnected = false;
  private readonly listeners = new Map<string, Array<(...args: never[]) => void>>();
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, payload?: unknown) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (value: unknown) => void)(payload);
  }
  disconnect() {
    this.disconnected = true;
    this.active = false;
  }
}

class FakeNetwork implements NetworkLike {
  online = true;
  private onChange: () => void = () => undefined;
  isOnline = () => this.online;
  subscribe = (onChange: () => void) => {
    this.onChange = onChange;
    return () => undefined;
  };
  set(online: boolean) {
    this.online = online;
    this.onChange();
  }
}

function setup() {
  const socket = new FakeSocket();
  const network = new FakeNetwork();
  const handlers = { onChanges: vi.fn(), onResync: vi.fn(), onPosition: vi.fn(), onUserChanged: vi.fn(), onRecycleBinChanged: vi.fn(), onPaymentsChanged: vi.fn(), onAccountsChanged: vi.fn() } satisfies LiveHandlers;
  const connection = new LiveConnection(socket, handlers, network);
  const states: string[] = [];
  connection.subscribe(() => states.push(connection.getSnapshot().state));
  return { socket, network, handlers, connection, states };
}

describe('LiveConnection', () => {
  it('is reconnecting until connected, live once connected, reconnecting while socket.io retries', () => {
    const { socket, connection, states } = setup();
    expect(connection.getSnapshot()).toEqual({ state: 'reconnecting', position: null });
    socket.emit('connect');
    expect(connection.getSnapshot().state).toBe('live');
    socket.emit('disconnect', 'transport close');
    expect(connection.getSnapshot().state).toBe('reconnecting');
    socket.emit('connect');
    expect(states).toEqual(['live', 'reconnecting', 'live']);
  });

  it('is offline when socket.io gives up (refused handshake, server kick), and without network while the browser is offline', () => {
    const { socket, network, connection } = setup();
    socket.emit('connect');
    network.set(false);
    expect(connection.getSnapshot().state).toBe('no-network');
    network.set(true);
    expect(connection.getSnapshot().state).toBe('live');
    socket.active = false;
    socket.emit('connect_error', new Error('unauthorized'));
    expect(connection.getSnapshot().state).toBe('offline');
    // Given up and without network as well: only a reload tries again, not the network coming back.
    network.set(false);
    expect(connection.getSnapshot().state).toBe('offline');
  });

  it('re-reads after every hello (first connect and each reconnect) and on a resync, saying which', () => {
    const { socket, handlers } = setup();
    socket.emit('connect');
    socket.emit('hello', { position: '10' });
    socket.emit('disconnect', 'ping timeout');
    socket.emit('connect');
    socket.emit('hello', { position: '14' });
    socket.emit('loads:resync', { position: '20' });
    expect(handlers.onResync.mock.calls).toEqual([['connected'], ['reconnected'], ['missed-notices']]);
    expect(handlers.onChanges).not.toHaveBeenCalled();
  });

  it('asks who the user is again when told their account changed, and after a reconnect (not after the first connect)', () => {
    const { socket, handlers } = setup();
    socket.emit('connect');
    socket.emit('hello', { position: '10' });
    expect(handlers.onUserChanged).not.toHaveBeenCalled();
    socket.emit('me:changed', { position: '12' });
    expect(handlers.onUserChanged).toHaveBeenCalledTimes(1);
    expect(handlers.onPosition.mock.calls).toEqual([['10'], ['12']]);
    socket.emit('disconnect', 'ping timeout');
    socket.emit('connect');
    socket.emit('hello', { position: '14' });
    expect(handlers.onUserChanged).toHaveBeenCalledTimes(2);
    socket.emit('loads:resync', { position: '20' });
    expect(handlers.onUserChanged).toHaveBeenCalledTimes(3);
  });

  it('asks who the user is when the server closes the connection or refuses it for good (a session ended), not while socket.io retries', () => {
    const { socket, handlers, connection } = setup();
    socket.emit('connect');
    socket.emit('hello', { position: '10' });
    socket.emit('disconnect', 'transport close');
    socket.emit('connect_error', new Error('xhr poll error'));
    expect(handlers.onUserChanged).not.toHaveBeenCalled();
    socket.emit('connect');
    // The server kicks the socket (its session was logged out in another tab): socket.io stops trying.
    socket.active = false;
    socket.emit('disconnect', 'io server disconnect');
    expect(handlers.onUserChanged).toHaveBeenCalledTimes(1);
    // A handshake refused for good.
    socket.emit('connect_error', new Error('unauthorized'));
    expect(handlers.onUserChanged).toHaveBeenCalledTimes(2);
    // Closed by the page itself (signed out here, or gone): nothing to ask.
    connection.close();
    socket.emit('disconnect', 'io client disconnect');
    expect(handlers.onUserChanged).toHaveBeenCalledTimes(2);
  });

  it.each([
    { what: 'the recycle bin', event: 'recycle-bin:changed', handler: 'onRecycleBinChanged', position: '13', notOther: 'onChanges' },
    { what: 'the payments log', event: 'payments:changed', handler: 'onPaymentsChanged', position: '14', notOther: 'onRecycleBinChanged' },
    { what: 'an account', event: 'accounts:changed', handler: 'onAccountsChanged', position: '15', notOther: 'onPaymentsChanged' },
  ] as const)('says when $what changed, and remembers its position', ({ event, handler, position, notOther }) => {
    const { socket, handlers, connection } = setup();
    socket.emit('hello', { position: '10' });
    socket.emit(event, { position });
    expect(handlers[handler]).toHaveBeenCalledTimes(1);
    expect(connection.getSnapshot().position).toBe(position);
    expect(handlers[notOther]).not.toHaveBeenCalled();
  });

  it('hands pushed rows on and remembers the newest position seen', () => {
    const { socket, handlers, connection } = setup();
    socket.emit('hello', { position: '10' });
    const load = loadFixture('a');
    socket.emit('loads:changed', { position: '12', upserts: [load], removals: ['b'] });
    expect(handlers.onChanges).toHaveBeenCalledWith({ position: '12', upserts: [load], removals: ['b'] });
    expect(connection.getSnapshot().position).toBe('12');
    socket.emit('loads:changed', { position: '11', upserts: [], removals: [] });
    expect(connection.getSnapshot().position).toBe('12');
    expect(handlers.onPosition.mock.calls).toEqual([['10'], ['12']]);
  });

  it('ignores malformed pushes', () => {
    const { socket, handlers } = setup();
    socket.emit('loads:changed', { position: '5', upserts: 'nope' });
    socket.emit('loads:changed', null);
    expect(handlers.onChanges).not.toHaveBeenCalled();
  });

  it('closes the socket and reads offline after close', () => {
    const { socket, connection } = setup();
    socket.emit('connect');
    connection.close();
    expect(socket.disconnected).toBe(true);
    expect(connection.getSnapshot().state).toBe('offline');
  });
});
