import type { Migration } from '@portal/platform/db/migrate';

/** Where the Socket.IO Postgres adapter keeps messages too large (or too binary) for a NOTIFY, for a few seconds. */
export const SOCKET_IO_ATTACHMENTS = 'socket_io_attachments';

export const realtimeMigrations: Migration[] = [
  {
    id: 'read-api-001-socket-io-attachments',
    sql: `
      CREATE TABLE IF NOT EXISTS ${SOCKET_IO_ATTACHMENTS} (
        id bigserial UNIQUE,
        created_at timestamptz DEFAULT now(),
        payload bytea
      );`,
  },
];
