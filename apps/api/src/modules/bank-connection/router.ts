import express, { type Request, type Response } from 'express';
import { bankConnectionStart, detailResponse, z } from '@lending/contracts';
import { SANDBOX_BANKS } from '../../integrations/bank-connection/index.ts';
import { publicLimits } from '../../http/rate-limit.ts';
import { notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { access, defineRoute, Reply } from '../../http/routes.ts';
import { connectSandboxBank } from './connect-sandbox-bank.ts';
import { getSandboxConnection } from './get-sandbox-connection.ts';
import type { SandboxPage } from './sandbox-connection.ts';
import { renderSandboxPage } from './sandbox-page.ts';
import { startBankConnection } from './start-bank-connection.ts';

const tags = ['bank-connection'];
const clientParams = z.object({ client: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const urlencoded = express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 5 });

function sendPage(res: Response, page: SandboxPage): void {
  res.status(page.status).type('html').set('Cache-Control', 'no-store').send(renderSandboxPage(page));
}

function readForm(req: Request, res: Response): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => urlencoded(req, res, (error?: unknown) => (error ? reject(error) : resolve((req.body ?? {}) as Record<string, unknown>))));
}

export const bankConnectionRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v1/forms/:token/bank-connection/',
    access: access.public,
    summary: "Start an online connection of the applicant's bank account: the provider's URL to send them to",
    tags,
    rateLimits: [publicLimits.bankConnectionByIp, publicLimits.bankConnectionByToken],
    responses: {
      201: { description: 'Connection started', schema: bankConnectionStart },
      ...notFoundDoc('form'),
      ...refusedDoc('Žádost je uzavřena'),
      503: { description: 'Online připojení účtu je vypnuto (BANK_CONNECTION_PROVIDER=none)', schema: detailResponse },
    },
    handler: async ({ deps, actor, params }) => new Reply(201, await startBankConnection(deps, actor, { token: params.token })),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/bank-sandbox/:client/',
    access: access.public,
    summary: 'Sandbox bank-connection provider: the page where the applicant picks a demo bank (HTML, Czech)',
    tags,
    params: clientParams,
    rateLimits: [publicLimits.bankSandboxByIp, publicLimits.bankSandboxByClient],
    responses: {
      200: { description: 'Bank choice, or the connection already made', contentType: 'text/html' },
      404: { description: 'Unknown connection', contentType: 'text/html' },
      410: { description: 'The link expired', contentType: 'text/html' },
    },
    handler: async ({ deps, actor, params, res }) => {
      sendPage(res, await getSandboxConnection(deps, actor, { clientId: params.client }));
      return undefined;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/bank-sandbox/:client/connect',
    access: access.public,
    summary: 'Sandbox provider: connect the chosen demo bank, store its transactions and return to the portal (303)',
    tags,
    params: clientParams,
    rawBody: { contentType: 'application/x-www-form-urlencoded', schema: z.object({ bank: z.enum(SANDBOX_BANKS.map((b) => b.code) as [string, ...string[]]) }) },
    rateLimits: [publicLimits.bankSandboxByIp, publicLimits.bankSandboxByClient],
    responses: {
      303: { description: 'Back to the portal: Location /dokumenty?token=<token>?clientId=<clientId>' },
      400: { description: 'No bank chosen (the page again)', contentType: 'text/html' },
      404: { description: 'Unknown connection', contentType: 'text/html' },
      410: { description: 'The link expired', contentType: 'text/html' },
    },
    handler: async ({ deps, actor, params, req, res }) => {
      const form = await readForm(req, res);
      const result = await connectSandboxBank(deps, actor, { clientId: params.client, bank: typeof form.bank === 'string' ? form.bank : undefined });
      if ('redirect' in result) res.redirect(303, result.redirect);
      else sendPage(res, result);
      return undefined;
    },
  }),
];
