import os from 'node:os';
import Koa from 'koa';
import type pg from 'pg';
import { csrfProtection, loadSession } from '@portal/platform/auth/middleware';
import type { SessionStore } from '@portal/platform/auth/sessions';
import type { LoginThrottle } from '@portal/platform/auth/throttle';
import type { EventStore } from '@portal/platform/event-store/port';
import type { FileStorage } from '@portal/platform/files/storage';
import { errorHandler, logStreamErrors, rejectUnstorableText, requestLogger, securityHeaders } from '@portal/platform/http/middleware';
import type { Logger } from '@portal/platform/logger';
import { readActorEarly } from './accounts/actor';
import { accountRoutes, type LoginPolicies } from './accounts/routes';
import type { AccountsService } from './accounts/service';
import { commandHealthRoutes } from './health/routes';
import { loadDocumentRoutes } from './load-documents/routes';
import { loadRoutes } from './loads/routes';
import type { LoadsService } from './loads/service';
import { pipelineProbeRoutes } from './pipeline-probe/routes';
import { recycleBinRoutes } from './recycle-bin/routes';
import { parseRequestBody } from './request-body';
import { staffRoutes } from './staff/routes';
import { vendorRoutes } from './vendors/routes';

export interface CommandApiDeps {
  store: EventStore;
  pool: pg.Pool;
  logger: Logger;
  sessions: SessionStore;
  throttle: LoginThrottle;
  accounts: AccountsService;
  loads: LoadsService;
  storage: FileStorage;
  trustProxy: boolean;
  /** Where uploads wait while a request runs (a folder per request, removed when it ends); the system's temp folder when unset. */
  uploadDir?: string;
  loginPolicies?: LoginPolicies;
  probeMinIntervalMs?: number;
  /** Email domains a staff sign-up must use; none: any. */
  staffEmailDomains?: readonly string[];
}

/** Every POST/PATCH/PUT/DELETE under /api: request -> command -> decide -> append -> answer. */
export function createCommandApi(deps: CommandApiDeps): Koa {
  // Behind a proxy, the client is the address the proxy added: the last X-Forwarded-For entry (a client can put
  // anything before it).
  const app = new Koa({ proxy: deps.trustProxy, maxIpsCount: 1 });
  logStreamErrors(app, { logger: deps.logger, service: 'command-api' });
  app.use(requestLogger({ logger: deps.logger, service: 'command-api' }));
  app.use(securityHeaders());
  app.use(errorHandler({ logger: deps.logger }));
  // Before the body is even read: a request without the CSRF token changes nothing.
  app.use(csrfProtection());
  app.use(parseRequestBody(deps.uploadDir ?? os.tmpdir()));
  app.use(rejectUnstorableText());
  app.use(loadSession({ sessions: deps.sessions, meanwhile: readActorEarly(deps.store) }));
  const routers = [
    commandHealthRoutes(deps),
    accountRoutes({ accounts: deps.accounts, sessions: deps.sessions, throttle: deps.throttle, policies: deps.loginPolicies, staffEmailDomains: deps.staffEmailDomains }),
    loadRoutes({ store: deps.store, loads: deps.loads }),
    vendorRoutes({ store: deps.store, storage: deps.storage, sessions: deps.sessions }),
    staffRoutes({ store: deps.store, pool: deps.pool, sessions: deps.sessions }),
    recycleBinRoutes({ store: deps.store }),
    loadDocumentRoutes({ store: deps.store, storage: deps.storage, loads: deps.loads }),
    pipelineProbeRoutes({ store: deps.store, minIntervalMs: deps.probeMinIntervalMs }),
  ];
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: false }));
  }
  return app;
}
