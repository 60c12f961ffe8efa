import type { Migration } from '@portal/platform/db/migrate';

export const realtimeMigrations: Migration[] = [
  {
    // Where the Socket.IO Postgres adapter kept messages too large for a NOTIFY, when pushes still travelled between
    // instances through it (each instance now pushes to its own sockets).
    id: 'read-api-001-socket-io-attachments',
    sql: 'CREATE TABLE IF NOT EXISTS socket_io_attachments (id bigserial UNIQUE, created_at timestamptz DEFAULT now(), payload bytea);',
  },
  { id: 'read-api-002-drop-socket-io-attachments', sql: 'DROP TABLE IF EXISTS socket_io_attachments;' },
];
