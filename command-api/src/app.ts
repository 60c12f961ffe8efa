import Koa from 'koa';
import { koaBody } from 'koa-body';
import type pg from 'pg';
import type { EventStore } from '@portal/platform/event-store/port';
import { errorHandler, requestLogger } from '@portal/platform/http/middleware';
import type { Logger } from '@portal/platform/logger';
import { commandHealthRoutes } from './health/routes';
import { pipelineProbeRoutes } from './pipeline-probe/routes';

export interface CommandApiDeps {
  store: EventStore;
  pool: pg.Pool;
  logger: Logger;
  probeMinIntervalMs?: number;
}

/** Every POST/PATCH/PUT/DELETE under /api: request -> command -> decide -> append -> answer. */
export function createCommandApi(deps: CommandApiDeps): Koa {
  const app = new Koa({ proxy: true });
  app.use(requestLogger({ logger: deps.logger, service: 'command-api' }));
  app.use(errorHandler({ logger: deps.logger }));
  app.use(koaBody({ jsonLimit: '1mb', formLimit: '1mb', textLimit: '1mb', multipart: false }));
  for (const router of [commandHealthRoutes(deps), pipelineProbeRoutes({ store: deps.store, minIntervalMs: deps.probeMinIntervalMs })]) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: false }));
  }
  return app;
}
