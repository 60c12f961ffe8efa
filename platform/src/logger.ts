// One JSON line per log record on stdout; secrets are the caller's duty never to pass.
const levels = { debug: 10, info: 20, warn: 30, error: 40 } as const;
export type LogLevel = keyof typeof levels;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

function serializeError(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return typeof value === 'bigint' ? value.toString() : value;
}

export function createLogger(options: { level?: LogLevel; base?: Record<string, unknown>; write?: (line: string) => void } = {}): Logger {
  const threshold = levels[options.level ?? ((process.env.LOG_LEVEL?.trim() || 'info') as LogLevel)] ?? levels.info;
  const write = options.write ?? ((line: string) => process.stdout.write(line + '\n'));
  const base = options.base ?? {};
  const log = (level: LogLevel) => (msg: string, fields: Record<string, unknown> = {}) => {
    if (levels[level] < threshold) return;
    const record: Record<string, unknown> = { time: new Date().toISOString(), level, msg, ...base };
    for (const [key, value] of Object.entries(fields)) record[key] = serializeError(value);
    write(JSON.stringify(record));
  };
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: (fields) => createLogger({ ...options, base: { ...base, ...fields } }),
  };
}

/** A logger that drops everything: for tests that assert on behaviour, not on logs. */
export const silentLogger: Logger = createLogger({ write: () => {} });
