import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Config } from './config.ts';
import type { Deps } from './deps.ts';
import { jsonBody, refuseBadUrl } from './http/edge.ts';
import { errorHandler, messages } from './http/errors.ts';
import { mountRoutes, type RouteDef } from './http/routes.ts';
import { redactUrl, serializeError } from './logger.ts';
import { addressRoutes } from './modules/address/router.ts';
import { auditRoutes } from './modules/audit/router.ts';
import { bankConnectionRoutes } from './modules/bank-connection/router.ts';
import { authRoutes } from './modules/auth/router.ts';
import { docsAssets, docsRoutes } from './modules/docs/router.ts';
import { documentRoutes } from './modules/documents/router.ts';
import { formRoutes } from './modules/forms/router.ts';
import { healthRoutes } from './modules/health/router.ts';
import { partnerLeadRoutes } from './modules/leads/router.ts';
import { staffLeadRoutes } from './modules/leads/staff-router.ts';
import { personRoutes } from './modules/persons/router.ts';
import { isirRoutes } from './modules/isir/router.ts';
import { screeningRoutes } from './modules/screenings/router.ts';
import { webhookRoutes } from './modules/webhooks/router.ts';
import { dealRoutes } from './modules/deals/router.ts';
import { claimsRoutes } from './modules/claims/router.ts';
import { closeOfBusinessRoutes } from './modules/close-of-business/router.ts';
import { purposeRoutes } from './modules/purposes/router.ts';
import { realtyGroupRoutes } from './modules/realty-groups/router.ts';
import { realtyRoutes } from './modules/realties/router.ts';
import { titleDeedRoutes } from './modules/title-deeds/router.ts';
import { paymentRoutes } from './modules/payments/router.ts';
import { claimsStatementRoutes } from './modules/claims-statements/router.ts';
import { approvalRoutes } from './modules/approvals/router.ts';
import { searchRoutes } from './modules/search/router.ts';
import { noticeRoutes } from './modules/notices/router.ts';
import { noticesFourEyesActions } from './modules/notices/four-eyes-actions.ts';
import { notificationRoutes } from './modules/notifications/router.ts';
import { collectionRoutes } from './modules/collections/router.ts';
import { reportingRoutes } from './modules/reporting/router.ts';
import { creditRegisterRoutes } from './modules/credit-register/router.ts';
import { claimsFourEyesActions } from './modules/claims/four-eyes-actions.ts';
import { purposesFourEyesActions } from './modules/purposes/four-eyes-actions.ts';
import { paymentsFourEyesActions } from './modules/payments/four-eyes-actions.ts';

export const JSON_BODY_LIMIT = '1mb';

/**
 * Every API route of the product, in one table: mounted, documented and auth-tested from here.
 * The sandbox bank's pages exist only while that sandbox is the configured provider.
 */
export function allRoutes(config?: Pick<Config, 'BANK_CONNECTION_PROVIDER'>): RouteDef[] {
  const bankRoutes = config && config.BANK_CONNECTION_PROVIDER !== 'sandbox' ? bankConnectionRoutes.filter((r) => !r.path.startsWith('/api/v1/bank-sandbox/')) : bankConnectionRoutes;
  const routes: RouteDef[] = [...healthRoutes, ...authRoutes, ...auditRoutes, ...formRoutes, ...partnerLeadRoutes, ...staffLeadRoutes, ...webhookRoutes, ...addressRoutes, ...documentRoutes, ...bankRoutes, ...personRoutes, ...screeningRoutes, ...isirRoutes, ...dealRoutes, ...claimsRoutes, ...closeOfBusinessRoutes, ...purposeRoutes, ...realtyGroupRoutes, ...realtyRoutes, ...titleDeedRoutes, ...paymentRoutes, ...claimsStatementRoutes, ...noticeRoutes, ...notificationRoutes, ...collectionRoutes, ...reportingRoutes, ...creditRegisterRoutes, ...searchRoutes, ...approvalRoutes({ ...claimsFourEyesActions, ...purposesFourEyesActions, ...paymentsFourEyesActions, ...noticesFourEyesActions })];
  const all: RouteDef[] = [...routes, ...docsRoutes(() => all)];
  return all;
}

function serveSpa(app: Express, mountPath: string, distDir: string): void {
  const index = path.join(distDir, 'index.html');
  const assets = express.static(distDir, {
    index: false,
    setHeaders(res, file) {
      // Vite fingerprints everything under assets/: cache it for good.
      if (file.includes(`${path.sep}assets${path.sep}`)) res.set('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  app.use(mountPath, assets);
  app.use(mountPath, (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!fs.existsSync(index)) {
      res.status(503).type('text/plain; charset=utf-8').send('Aplikace ještě není sestavena: spusťte „pnpm build“.');
      return;
    }
    res.set('Cache-Control', 'no-cache').sendFile(index);
  });
}

export function createApp(deps: Deps): Express {
  const app = express();
  app.disable('x-powered-by');
  // `/admin` and `/admin/` are different paths: the first redirects to the second.
  app.set('strict routing', true);
  if (deps.config.TRUST_PROXY) app.set('trust proxy', deps.config.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      serializers: {
        err: serializeError,
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      // 503 is the database being away (logged once by the error handler), not a fault of ours.
      customLogLevel: (_req, res, err) => (err || (res.statusCode >= 500 && res.statusCode !== 503) ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
      // pino-http invents an Error with a stack for every 5xx; the error handler logged the real one.
      customErrorObject: (_req, _res, error, value: Record<string, unknown>) => (error.message.startsWith('failed with status code') ? { res: value.res, responseTime: value.responseTime } : value),
      autoLogging: { ignore: (req) => req.url?.startsWith('/api/v1/healthcheck/') ?? false },
    }),
  );
  // While shutting down, every answer closes its connection, so keep-alive clients reconnect to
  // another replica instead of waiting on this one.
  app.use((_req, res, next) => {
    if (deps.lifecycle.draining) res.set('Connection', 'close');
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        // TLS ends at the proxy in front of us; forcing https here would break plain-http
        // deployments (docker-compose on a LAN), so that header is the proxy's to set.
        directives: {
          'script-src': ["'self'", ...deps.config.CSP_SCRIPT_SRC],
          'img-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'", ...deps.config.CSP_CONNECT_SRC],
          'upgrade-insecure-requests': null,
        },
      },
      // HSTS is set below, only for requests known to have come over TLS.
      strictTransportSecurity: false,
    }),
  );
  // Strict-Transport-Security only when the request is known to have come over TLS: directly, or
  // through a trusted proxy's X-Forwarded-Proto (TRUST_PROXY). A plain-http deployment (the start
  // command, docker-compose on a LAN) never pins browsers to https; a client's own header without
  // a trusted proxy counts for nothing.
  app.use((req, res, next) => {
    if (req.secure) res.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  });

  // The API only: the portal's pages read their own query (a marketing link with a stray '%'
  // must still open the portal), and static files refuse NUL themselves.
  app.use('/api', refuseBadUrl());
  app.use('/api', jsonBody(JSON_BODY_LIMIT));
  app.use('/api/v1/docs/assets', docsAssets());
  const api = express.Router({ strict: true, caseSensitive: true });
  mountRoutes(api, allRoutes(deps.config), deps);
  app.use(api);
  app.use('/api', (_req, res) => {
    res.status(404).json({ detail: messages.notFound });
  });

  app.get('/admin', (_req, res) => res.redirect(301, '/admin/'));
  serveSpa(app, '/admin/', path.join(deps.config.ROOT_DIR, 'apps/backoffice/dist'));
  serveSpa(app, '/', path.join(deps.config.ROOT_DIR, 'apps/portal/dist'));

  app.use(errorHandler(deps.logger, { markDomainErrors: deps.config.NODE_ENV === 'test' }));
  return app;
}
