// Ops commands: `npm run projector -- <command>`. They work beside a running `npm start` (they use the embedded
// PostgreSQL it runs) or on their own (they start it, work, and stop it).
import os from 'node:os';
import type pg from 'pg';
import { restoreRecord, RESTORABLE_KINDS, type RestorableKind } from '@portal/command-api/recycle-bin/restore';
import { authMigrations } from '@portal/platform/auth/schema';
import { loadConfig } from '@portal/platform/config';
import { type Database, openDatabase } from '@portal/platform/db/database';
import { advisoryLockHeld } from '@portal/platform/db/locks';
import { migrate } from '@portal/platform/db/migrate';
import { createPool } from '@portal/platform/db/pool';
import { isDatabaseUnavailable } from '@portal/platform/db/unavailable';
import { createEventStore } from '@portal/platform/event-store/create';
import { eventStoreMigrations } from '@portal/platform/event-store/postgres-schema';
import { describeStarter } from '@portal/platform/embedded-postgres';
import { createLogger } from '@portal/platform/logger';
import { deletedRecords, recordIdsByKey } from './deleted-records';
import { describeDifferences } from './differences';
import { rebuild, REBUILD_SCHEMA, REPLAY_LOCK, verify, VERIFY_SCHEMA, type Progress } from './rebuild';
import { projectorStatus } from './runtime';
import { projectorMigrations, READ_MODELS_VERSION } from './schema';
import { readModelsVersion } from './upgrade';

const usage = `usage: npm run projector -- <command>   (in the compose image: node dist/projector-cli.mjs <command>)

commands:
  status                  the database worked on, the projector's checkpoint, the event store's head position, the
                          lag in events and the version of the projections that built the read models
  rebuild [--fresh]       replay every event into fresh read-model tables while the live ones keep serving, then
                          switch over in one step; interrupted, it resumes (--fresh starts over)
  verify                  rebuild into a scratch schema and compare it row by row with the live read models
  deleted <kind>          list the deleted records of a kind (${RESTORABLE_KINDS.join(', ')}), newest deletion first
  restore <kind> <record> restore a deleted record as the ops actor: by its id, or a load by its Load ID (kdt_...),
                          a vendor or staff member by username
  help                    this text

The ops actor recorded is ops:<name>, the name from OPS_ACTOR, else SUDO_USER, else the system user.

exit status: 0 done (verify: the read models equal a replay), 1 verify found differences, 2 the command could not
run or was refused (its reason on stderr) or the usage was wrong, 130/143 interrupted`;

/** Each command and the arguments it takes: positional names, and the options it knows. */
const COMMANDS: Record<string, { positional: string[]; options: string[] }> = {
  status: { positional: [], options: [] },
  rebuild: { positional: [], options: ['--fresh'] },
  verify: { positional: [], options: [] },
  deleted: { positional: ['kind'], options: [] },
  restore: { positional: ['kind', 'record'], options: [] },
};

/** What is wrong with the arguments, or null. */
function usageError(command: string, args: string[]): string | null {
  const { positional, options } = COMMANDS[command]!;
  const given = args.filter((arg) => !arg.startsWith('-'));
  const unknown = args.find((arg) => arg.startsWith('-') && !options.includes(arg));
  if (unknown) return `unknown option '${unknown}' for ${command}${options.length > 0 ? ` (it takes ${options.join(', ')})` : ' (it takes none)'}`;
  if (given.length < positional.length) return `${command} needs ${positional.map((name) => `<${name}>`).join(' ')}`;
  if (given.length > positional.length) return `${command} takes ${positional.length === 0 ? 'no arguments' : positional.map((name) => `<${name}>`).join(' ')}; '${given[positional.length]}' is one too many`;
  if (positional[0] === 'kind' && !RESTORABLE_KINDS.includes(given[0] as RestorableKind)) return `unknown kind '${given[0]}' (kinds: ${RESTORABLE_KINDS.join(', ')})`;
  return null;
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACTOR_NAME = /^[A-Za-z0-9._@-]{1,64}$/;

/** ops:<name>: OPS_ACTOR names the person, else the user sudo was run by, else the system user. */
function opsActor(): string {
  const name = process.env.OPS_ACTOR?.trim() || process.env.SUDO_USER?.trim() || os.userInfo().username;
  if (!ACTOR_NAME.test(name)) throw new Error(`OPS_ACTOR must be 1-64 letters, digits, '.', '_', '@' or '-' (got '${name}')`);
  return `ops:${name}`;
}

/** Which database a command works on, without its password. */
function describeDatabase(database: Database, config: { dataDir: string }): string {
  if (database.source === 'external') {
    const url = new URL(database.url);
    return `DATABASE_URL (${url.hostname}:${url.port || 5432}${url.pathname})`;
  }
  const where = `DATA_DIR=${config.dataDir}, port ${new URL(database.url).port}`;
  if (database.source === 'embedded') return `embedded, started for this command (${where}; the product is not running)`;
  const owner = database.startedBy;
  if (owner?.kind === 'orphan') return `embedded, left running by a product that was killed (${where}); the next npm start stops it and starts its own`;
  return `embedded, run by ${owner ? describeStarter(owner) : 'another process'} (${where})`;
}

const kindName = (kind: RestorableKind) => (kind === 'staff' ? 'staff member' : kind.replace(/s$/, ''));

const show = (position: bigint) => (position < 0n ? 'none' : position.toString());

function printProgress(progress: Progress, resumable: boolean): void {
  if (progress.stage === 'committed') {
    // Rebuilds only: what an interruption would keep (a verify starts over).
    if (resumable) process.stdout.write(`  committed up to position ${show(progress.position)}: interrupted from now on, the rebuild resumes after it\n`);
    return;
  }
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
 * Progress lines under a heading, written when the replay starts: a rebuild or verify refused (another one runs) says
 * only why, not first that it is rebuilding.
 */
function headed(heading: string, resumable: boolean): (progress: Progress) => void {
  let started = false;
  return (progress) => {
    if (!started) process.stdout.write(heading);
    started = true;
    printProgress(progress, resumable);
  };
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

/**
 * The id of the record `restore` was given: an id as it is, else a load's Load ID (kdt_..., or its number) or a vendor's
 * or staff member's username, looked up in the read models, deleted or not.
 */
async function recordId(pool: pg.Pool, kind: RestorableKind, record: string): Promise<string> {
  // As the product writes ids (lower case): an id typed in capitals names the same record, and its Load ID or
  // username is found for the output.
  if (UUID_TEXT.test(record)) return record.toLowerCase();
  const ids = await recordIdsByKey(pool, kind, record);
  if (ids.length === 1) return ids[0]!;
  const by = kind === 'loads' ? 'Load ID' : 'username';
  throw new Error(`no ${kindName(kind)} with the id or ${by} ${record} (deleted or not); 'npm run projector -- deleted ${kind}' lists the deleted ones`);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (!command || !Object.hasOwn(COMMANDS, command)) {
    process.stderr.write(`${command ? `projector: unknown command '${command}'\n\n` : ''}${usage}\n`);
    return 2;
  }
  const wrong = usageError(command, args);
  if (wrong) {
    process.stderr.write(`projector: ${wrong}\n\n${usage}\n`);
    return 2;
  }
  const positional = args.filter((arg) => !arg.startsWith('-'));
  const actor = command === 'restore' ? opsActor() : '';
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
          `database:     ${describeDatabase(database, config)}\n` +
            `event store:  ${store.kind}\ncheckpoint:   ${show(status.checkpoint)}\nhead:         ${show(status.head)}\n` +
            `lag:          ${status.lag}${status.lagCapped ? '+' : ''} event(s)\n`,
        );
        const built = await readModelsVersion(pool);
        process.stdout.write(
          built === null
            ? `read models:  none projected yet (this release builds version ${READ_MODELS_VERSION})\n`
            : built === READ_MODELS_VERSION
              ? `read models:  version ${built} (current)\n`
              : built < READ_MODELS_VERSION
                ? `read models:  version ${built}, older than this release's ${READ_MODELS_VERSION}: a projector of this release rebuilds them when it starts (and tries again while it runs)\n`
                : `read models:  version ${built}, newer than this release's ${READ_MODELS_VERSION}: kept as they are; this release's projector counts them as version ${READ_MODELS_VERSION} from its first batch on\n`,
        );
        // A rebuild or verify under way (it holds the replay lock), and what an interrupted one left behind.
        const replaying = await advisoryLockHeld(pool, REPLAY_LOCK);
        const { rows } = await pool.query<{ name: string }>('SELECT nspname AS name FROM pg_namespace WHERE nspname = ANY($1::text[]) ORDER BY nspname', [
          [REBUILD_SCHEMA, VERIFY_SCHEMA],
        ]);
        if (replaying) process.stdout.write(`under way:    a rebuild or verify is running on this database (a projector's upgrade rebuild, or an ops command)\n`);
        else {
          for (const { name } of rows) {
            process.stdout.write(name === REBUILD_SCHEMA
              ? `unfinished:   a rebuild (schema ${REBUILD_SCHEMA}): 'rebuild' resumes it, 'rebuild --fresh' starts over\n`
              : `left over:    a verify's copy of the read models (schema ${VERIFY_SCHEMA}): the next 'verify' replaces it\n`);
          }
        }
      } else if (command === 'rebuild') {
        const done = onInterrupt(`\nInterrupted. The live read models are unchanged; 'npm run projector -- rebuild' resumes where this stopped.\n`);
        const onProgress = headed('Rebuilding the read models...\n', true);
        const { position } = await rebuild({ pool, store, databaseUrl: database.url, logger, fresh: args.includes('--fresh'), onProgress });
        done();
        process.stdout.write(`Switched to the rebuilt read models at position ${show(position)}.\n`);
      } else if (command === 'verify') {
        const done = onInterrupt(`\nInterrupted. Nothing was compared; the live read models are unchanged.\n`);
        const onProgress = headed('Replaying every event into a scratch schema to compare...\n', false);
        let compared = -1n;
        const differences = await verify({ pool, store, databaseUrl: database.url, logger, onProgress, onCompared: (position) => { compared = position; } });
        done();
        // The comparison is made at the projector's checkpoint, where it is paused for it: events after that position
        // (the product stopped, commands coming in meanwhile) are in neither side. Counted after it, not after the
        // checkpoint now, which the projector has moved on from.
        const cap = 10_000;
        const after = (await store.readAll({ after: compared < 0n ? 'start' : compared, maxCount: cap })).length;
        const behind = after > 0
          ? `${after}${after >= cap ? '+' : ''} event(s) after the position compared at (${compared < 0n ? 'none yet: the projector has applied nothing' : `${compared}, the projector's checkpoint, paused there`}) were not compared` +
            `${database.source === 'embedded' ? ' (the product is not running; it applies them when it starts)' : ''}.\n`
          : '';
        if (differences.length === 0) {
          process.stdout.write(`The read models equal a replay from the first event.\n${behind}`);
        } else {
          process.stdout.write(
            `The read models differ from a replay (the first 20 rows of each side of a table shown, counted whole):\n${describeDifferences(differences)}\n${behind}` +
              `'npm run projector -- rebuild' replaces the live read models with a replay, which the events decide.\n`,
          );
          return 1;
        }
      } else if (command === 'deleted') {
        const kind = positional[0] as RestorableKind;
        const records = await deletedRecords(pool, kind);
        if (records.length === 0) process.stdout.write(`No deleted ${kind}.\n`);
        for (const record of records) {
          const by = record.deleted_by ? ` by ${record.deleted_by}` : '';
          process.stdout.write(`${record.id}  ${record.key}${record.name ? `  (${record.name})` : ''}  deleted ${record.deleted_at.toISOString()}${by}\n`);
        }
        // The list is the read models': with the product stopped, a restore (or a deletion) made since is not in it.
        const status = await projectorStatus(store, pool);
        if (status.lag > 0) {
          process.stdout.write(
            `${status.lag}${status.lagCapped ? '+' : ''} event(s) are not in the read models yet${database.source === 'embedded' ? ' (the product is not running; it applies them when it starts)' : ''}: ` +
              'a record restored or deleted by them is not shown as such here until then.\n',
          );
        }
      } else {
        const kind = positional[0] as RestorableKind;
        const record = positional[1]!;
        const id = await recordId(pool, kind, record);
        // Named as the product names it (its Load ID or username), whatever was typed.
        const key = (await deletedRecords(pool, kind)).find((deleted) => deleted.id === id)?.key;
        const position = await restoreRecord(store, kind, id, { actorType: 'OPS', actorUsername: actor }).catch((error: Error & { status?: number }) => {
          // The API's words ("Not found.") name neither what nor which.
          if (error.status === 404) throw new Error(`no ${kindName(kind)} with the id ${id} (deleted or not)`);
          throw error;
        });
        process.stdout.write(`Restored ${kindName(kind)} ${key ? `${key} (${id})` : id} as ${actor} (event position ${position ?? 'unchanged'}).\n`);
        if (database.source === 'embedded') process.stdout.write('The product is not running: the record shows again once it starts (npm start).\n');
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

// Output piped into a reader that stops early (`status | head -2`, `rebuild | head`): the rest of it is dropped and the
// command goes on (a rebuild cut short by its own progress lines would be left to resume), instead of a stack trace
// for a write EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error & { detail?: string }) => {
    const command = process.argv[2];
    if ((command === 'rebuild' || command === 'verify') && isDatabaseUnavailable(error)) {
      // Often the product beside it stopped, taking its embedded PostgreSQL along; the driver's words ("write EPIPE")
      // said nothing of that.
      process.stderr.write(
        `projector: the database connection was lost during the ${command} (${error.message}). ` +
          (command === 'rebuild'
            ? `The live read models are unchanged; once the database is back, 'npm run projector -- rebuild' resumes where this stopped.\n`
            : `Nothing was changed; run 'npm run projector -- verify' again once the database is back.\n`),
      );
      process.exit(2);
    }
    process.stderr.write(`projector: ${error.detail ?? error.message}\n`);
    // 2, as diff(1) does: a script can tell "the read models differ" (1) from "the check did not run".
    process.exit(2);
  },
);
