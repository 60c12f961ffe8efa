import { useEffect, useState } from 'react';

interface Health {
  status: 'ok' | 'degraded' | 'unavailable';
  event_store: { ok: boolean; kind?: string; head?: string };
  projector: { ok: boolean; checkpoint?: string; lag?: number };
}

/** Placeholder home page until the portal's screens land: shows whether every part of the system answers. */
export function SystemStatus() {
  const [health, setHealth] = useState<Health | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetch('/api/health/', { credentials: 'include' })
      .then(async (response) => setHealth((await response.json()) as Health))
      .catch(() => setError('The API does not answer.'));
  }, []);

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Freight Portal</h1>
      <p>The vendor and staff portals are being built. System status:</p>
      {error && <p role="alert">{error}</p>}
      {!health && !error && <p>Checking...</p>}
      {health && (
        <dl>
          <dt>Overall</dt>
          <dd data-testid="status">{health.status}</dd>
          <dt>Event store</dt>
          <dd>{health.event_store.ok ? `${health.event_store.kind}, head ${health.event_store.head}` : 'unreachable'}</dd>
          <dt>Projector</dt>
          <dd>{health.projector.ok ? `lag ${health.projector.lag} event(s)` : 'behind or unavailable'}</dd>
        </dl>
      )}
    </main>
  );
}
