import Koa from 'koa';
import compress from 'koa-compress';
import type pg from 'pg';
import type { EventStore } from '@portal/platform/event-store/port';
import type { FileStorage } from '@portal/platform/files/storage';
import { issueCsrfCookie, loadSession } from '@portal/platform/auth/middleware';
import type { SessionStore } from '@portal/platform/auth/sessions';
import { methodNotAllowed } from '@portal/platform/http/errors';
import { errorHandler, logStreamErrors, readDeadline, rejectUnstorableText, requestLogger, securityHeaders } from '@portal/platform/http/middleware';
import type { Logger } from '@portal/platform/logger';
import { accountReadRoutes } from './accounts/routes';
import { fileRoutes } from './files/routes';
import { readHealthRoutes } from './health/routes';
import { KeptStreams } from './history/kept-streams';
import { historyRoutes } from './history/routes';
import { loadDocumentReadRoutes } from './load-documents/routes';
import { loadReadRoutes } from './loads/routes';
import { pipelineProbeReadRoutes } from './pipeline-probe/routes';
import type { ProjectionPosition } from './projection-position';
import { readYourWrites } from './read-your-writes';
import { staffReadRoutes } from './staff/routes';
import { vendorPickerRoutes, vendorReadRoutes } from './vendors/routes';

export interface ReadApiDeps {
  store: EventStore;
  pool: pg.Pool;
  projection: ProjectionPosition;
  logger: Logger;
  readWaitMs: number;
  sessions: SessionStore;
  trustProxy: boolean;
  storage: FileStorage;
}

/** Every GET under /api, answered from the read models the projector keeps. */
export function createReadApi(deps: ReadApiDeps): Koa {
  // Behind a proxy, the client is the address the proxy added: the last X-Forwarded-For entry (a client can put
  // anything before it).
  const app = new Koa({ proxy: deps.trustProxy, maxIpsCount: 1 });
  logStreamErrors(app, { logger: deps.logger, service: 'read-api' });
  app.use(requestLogger({ logger: deps.logger, service: 'read-api' }));
  app.use(securityHeaders());
  // Lists of thousands of loads compress about 25 to 1.
  app.use(compress({ threshold: 2048, br: false }));
  app.use(errorHandler({ logger: deps.logger }));
  app.use(readDeadline());
  app.use(async function readOnly(ctx, next) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw methodNotAllowed(ctx.method);
    await next();
  });
  app.use(rejectUnstorableText());
  app.use(issueCsrfCookie());
  app.use(readYourWrites({ projection: deps.projection, waitMs: deps.readWaitMs }));
  // Before the session: the health answer needs none, and must be given when the database (which keeps them) is down.
  app.use(readHealthRoutes(deps).routes());
  app.use(loadSession({ sessions: deps.sessions }));
  // History, payment history and time travel read whole streams: kept between requests, read only from where they were.
  const kept = { ...deps, store: new KeptStreams(deps.store) };
  for (const router of [historyRoutes(kept), accountReadRoutes(deps), loadDocumentReadRoutes(deps), loadReadRoutes(kept), vendorReadRoutes(deps), vendorPickerRoutes(deps), staffReadRoutes(kept), fileRoutes(deps), pipelineProbeReadRoutes(deps)]) app.use(router.routes());
  return app;
}
