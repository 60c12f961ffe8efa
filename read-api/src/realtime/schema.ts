import type { Migration } from '@portal/platform/db/migrate';

export const realtimeMigrations: Migration[] = [
  // The Socket.IO Postgres adapter's table (migration read-api-001), from when pushes travelled between instances
  // through it; each instance now pushes to its own sockets.
  { id: 'read-api-002-drop-socket-io-attachments', sql: 'DROP TABLE IF EXISTS socket_io_attachments;' },
];
