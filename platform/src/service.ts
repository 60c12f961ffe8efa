import http from 'node:http';
import { answerClientErrorsInErrorShape } from './http/client-errors';
import type { Logger } from './logger';

/** Runs one HTTP service (compose mode) and stops it, and everything it holds, on SIGINT/SIGTERM. */
export async function serve(options: {
  name: string;
  handler: http.RequestListener;
  port: number;
  host: string;
  logger: Logger;
  onStop: () => Promise<void>;
}): Promise<http.Server> {
  const server = http.createServer(options.handler);
  answerClientErrorsInErrorShape(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  options.logger.info(`${options.name} listening`, { port: options.port, host: options.host });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      server.close();
      server.closeAllConnections();
      await options.onStop().catch((error: Error) => options.logger.error('shutdown failed', { error }));
      process.exit(0);
    });
  }
  return server;
}
