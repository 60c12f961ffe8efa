// Ops commands: `npm run projector -- <command>`. They work beside a running `npm start` (they use the embedded
// PostgreSQL it runs) or on their own (they start it, work, and stop it).
import os from 'node:os';
import { restoreRecord, RESTORABLE_KINDS, type RestorableKind } from '@portal/command-api/recycle-bin/restore';
import { authMigrations } from '@portal/platform/auth/schema';
import { loadConfig } from '@portal/platform/config';
import { openDatabase } from '@portal/platform/db/database';
import { migrate } from '@portal/platform/db/migrate';
import { createPool } from '@portal/platform/db/pool';
import { createEventStore } from '@portal/platform/event-store/create';
import { eventStoreMigrations } from '@portal/platform/event-store/postgres-schema';
import { createLogger } from '@portal/platform/logger';
import { describeDifferences } from './differences';
import { rebuild, REBUILD_SCHEMA, verify, VERIFY_SCHEMA, type Progress } from './rebuild';
import { projectorStatus } from './runtime';
import { projectorMigrations } from './schema';

const usage = `usage: npm run projector -- <command>

commands:
  status                  the projector's checkpoint, the event store's head position and the lag in events
  rebuild [--fresh]       replay every event into fresh read-model tables while the live ones keep serving, then
                          switch over in one step; interrupted, it resumes (--fresh starts over)
  verify                  rebuild into a scratch schema and compare it row by row with the live read models
  restore <kind> <id>     restore a deleted record (kind: ${RESTORABLE_KINDS.join(', ')}) as the ops actor

exit status: 0 done (verify: the read models equal a replay), 1 verify found differences, 2 the command could not
run or was refused (its reason on stderr) or the usage was wrong, 130/143 interrupted`;

const show = (position: bigint) => (position < 0n ? 'none' : position.toString());

function printProgress(progress: Progress): void {
  if (progress.stage === 'start') {
    process.stdout.write(progress.position < 0n
      ? `  replaying every event up to position ${show(progress.head)}\n`
      : `  replaying the events after position ${show(progress.position)} up to position ${show(progress.head)}\n`);
    return;
  }
  if (progress.stage === 'done') {
    process.stdout.write(`  replayed ${progress.applied} event(s) in ${progress.seconds.toFixed(1)}s (${progress.eventsPerSecond} events/s)\n`);
    return;
  }
  const percent = progress.head > 0n ? Number((progress.position * 1000n) / progress.head) / 10 : 100;
  const eta = progress.etaSeconds === null ? '?' : `${progress.etaSeconds}s`;
  process.stdout.write(`  ${show(progress.position)} / ${show(progress.head)} (${percent.toFixed(1)}%), ${progress.eventsPerSecond} events/s, ETA ${eta}\n`);
}

/**
 * Ctrl-C (or a TERM) of a long command says where things stand before it exits as interrupted (128 + signal), until
 * the returned function is called (the command is done and the message no longer true).
 */
function onInterrupt(message: string): () => void {
  const handlers = ([['SIGINT', 130], ['SIGTERM', 143]] as const).map(([signal, code]) => {
    const handler = () => {
      process.stderr.write(message);
      process.exit(code);
    };
    process.once(signal, handler);
    return () => process.removeListener(signal, handler);
  });
  return () => handlers.forEach((remove) => remove());
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || !['status', 'rebuild', 'verify', 'restore'].includes(command)) {
    process.stderr.write(`${usage}\n`);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
  if (command === 'restore' && (args.length !== 2 || !RESTORABLE_KINDS.includes(args[0] as RestorableKind))) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const config = loadConfig();
  const logger = createLogger({ level: 'warn', base: { service: 'projector-cli' } });
  // An ops command works on an existing database: pointed at the wrong folder it must say so, not make an empty one.
  const database = await openDatabase(config, logger, { allowRunning: true, mustExist: true });
  const pool = createPool(database.url, { max: 4, applicationName: 'projector-cli' });
  try {
    await migrate(pool, [...eventStoreMigrations, ...authMigrations, ...projectorMigrations]);
    const store = await createEventStore({ eventStoreUrl: config.eventStoreUrl, pool, databaseUrl: database.url, logger });
    try {
      if (command === 'status') {
        const status = await projectorStatus(store, pool);
        process.stdout.write(
          `event store:  ${store.kind}\ncheckpoint:   ${show(status.checkpoint)}\nhead:         ${show(status.head)}\n` +
            `lag:          ${status.lag}${status.lagCapped ? '+' : ''} event(s)\n`,
        );
        // What an interrupted rebuild or verify left behind.
        const { rows } = await pool.query<{ name: string }>('SELECT nspname AS name FROM pg_namespace WHERE nspname = ANY($1::text[]) ORDER BY nspname', [
          [REBUILD_SCHEMA, VERIFY_SCHEMA],
        ]);
        for (const { name } of rows) {
          process.stdout.write(name === REBUILD_SCHEMA
            ? `unfinished:   a rebuild (schema ${REBUILD_SCHEMA}): 'rebuild' resumes it, 'rebuild --fresh' starts over\n`
            : `left over:    a verify's copy of the read models (schema ${VERIFY_SCHEMA}): the next 'verify' replaces it\n`);
        }
      } else if (command === 'rebuild') {
        process.stdout.write('Rebuilding the read models...\n');
        const done = onInterrupt(`\nInterrupted. The live read models are unchanged; 'npm run projector -- rebuild' resumes where this stopped.\n`);
        const { position } = await rebuild({ pool, store, databaseUrl: database.url, logger, fresh: args.includes('--fresh'), onProgress: printProgress });
        done();
        process.stdout.write(`Switched to the rebuilt read models at position ${show(position)}.\n`);
      } else if (command === 'verify') {
        process.stdout.write('Replaying every event into a scratch schema to compare...\n');
        const done = onInterrupt(`\nInterrupted. Nothing was compared; the live read models are unchanged.\n`);
        const differences = await verify({ pool, store, databaseUrl: database.url, logger, onProgress: printProgress });
        done();
        if (differences.length === 0) {
          process.stdout.write('The read models equal a replay from the first event.\n');
        } else {
          process.stdout.write(`The read models differ from a replay (at most 20 rows per table and side shown):\n${describeDifferences(differences)}\n`);
          return 1;
        }
      } else {
        const [kind, id] = args as [RestorableKind, string];
        const actor = `ops:${os.userInfo().username}`;
        const position = await restoreRecord(store, kind, id, { actorType: 'OPS', actorUsername: actor }).catch((error: Error & { status?: number }) => {
          // The API's words ("Not found.") name neither what nor which.
          if (error.status === 404) throw new Error(`no ${kind.replace(/s$/, '')} with the id ${id} (deleted or not)`);
          throw error;
        });
        process.stdout.write(`Restored ${kind} ${id} as ${actor} (event position ${position ?? 'unchanged'}).\n`);
      }
    } finally {
      await store.close();
    }
    return 0;
  } finally {
    await pool.end();
    await database.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error & { detail?: string }) => {
    process.stderr.write(`projector: ${error.detail ?? error.message}\n`);
    // 2, as diff(1) does: a script can tell "the read models differ" (1) from "the check did not run".
    process.exit(2);
  },
);
