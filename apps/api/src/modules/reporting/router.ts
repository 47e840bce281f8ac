import {
  claimsReportQuery,
  dashboardCollections as dashboardCollectionsSchema,
  dashboardPayments as dashboardPaymentsSchema,
  dashboardPipeline as dashboardPipelineSchema,
  dashboardPortfolio as dashboardPortfolioSchema,
  dealStatesReportQuery,
  pageOf,
  paymentAllocationsReportQuery,
  paymentsReportQuery,
  portfolioReport,
  portfolioReportQuery,
  reportListQuery,
  reportView,
  type ReportType,
} from '@lending/contracts';
import type { z } from 'zod';
import { sendFile } from '../../http/file-response.ts';
import { badInput, notFoundDoc, refusedDoc } from '../../http/responses.ts';
import { access, defineRoute, Reply, type RouteDef } from '../../http/routes.ts';
import { dashboardCollections } from './dashboard-collections.ts';
import { dashboardPayments } from './dashboard-payments.ts';
import { dashboardPipeline } from './dashboard-pipeline.ts';
import { dashboardPortfolio } from './dashboard-portfolio.ts';
import { downloadReport } from './download-report.ts';
import { getReport } from './get-report.ts';
import { listReports } from './list-reports.ts';
import { reportPortfolio } from './report-portfolio.ts';
import { requestReport } from './request-report.ts';

// Reporting (SERVICING.md §9, docs/decisions/0049). Every staff role reads reports and the
// dashboard (`staff.read`); generating a billing report is `reports.generate`.
const tags = ['reporting'];

/** A billing report's route: the spec's GET queues the report (202) or answers the one still queued for the same filters (200). */
function billingReport<Q extends z.ZodType<{ format: 'csv' | 'xlsx' }>>(path: string, type: ReportType, query: Q, summary: string): RouteDef {
  return defineRoute({
    method: 'get',
    path,
    access: access.staff('reports.generate'),
    summary: `${summary}; generated as a file by a job (CSV, or XLSX with format=xlsx): answers the report queued (202), or the same one still being written (200); follow it under /reporting/reports/`,
    tags,
    query,
    responses: { 200: { description: 'The same report, still queued or being written', schema: reportView }, 202: { description: 'The report queued', schema: reportView }, ...badInput },
    handler: async ({ deps, actor, query: { format, ...filters } }) => {
      const { report, created } = await requestReport(deps, actor, { type, format, filters: filters as Record<string, Date | string | number | boolean | undefined> });
      return created ? new Reply(202, report) : report;
    },
  });
}

export const reportingRoutes: RouteDef[] = [
  billingReport('/api/v1/reporting/billing/claims-report/', 'CLAIMS_REPORT', claimsReportQuery, 'Claims report: every live claim due from date_from to date_to with its amount, paid and owed'),
  billingReport(
    '/api/v1/reporting/billing/deal-states-report/',
    'DEALS_STATES_REPORT',
    dealStatesReportQuery,
    "Deal states report: the deals' state changes made from date_from to date_to (Prague days), of deals of a person, into a state",
  ),
  billingReport(
    '/api/v1/reporting/billing/payment-allocations-report/',
    'PAYMENT_ALLOCATIONS_REPORT',
    paymentAllocationsReportQuery,
    'Payment allocations report: every allocation of payments dated from date_from to date_to, of a deal (the rows of GET /payments/allocation-report/)',
  ),
  billingReport(
    '/api/v1/reporting/billing/payments-report/',
    'PAYMENTS_REPORT',
    paymentsReportQuery,
    'Payments report: payments dated from date_from to date_to, of a deal, paired or not (the rows of GET /payments/export/)',
  ),
  defineRoute({
    method: 'get',
    path: '/api/v1/reporting/portfolio/report/',
    access: access.staff('staff.read'),
    summary:
      'Portfolio report from the daily snapshots of the close of business: by deal type and state, the stocks as of the latest closed date on or before date_to ' +
      '(deals, principal outstanding, overdue by DPD bucket, PAR30/PAR90, penalty interest, breaches) and the flows of date_from..date_to (new deals and volume, repayments)',
    tags,
    query: portfolioReportQuery,
    responses: { 200: { description: 'The report', schema: portfolioReport }, ...badInput, ...notFoundDoc('snapshot (no close of business on or before date_to)') },
    handler: ({ deps, actor, query }) => reportPortfolio(deps, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/reporting/reports/',
    access: access.staff('staff.read'),
    summary: 'Generated reports of a type (required), newest first by default, with their state, progress (rows written), totals and file',
    tags,
    query: reportListQuery,
    responses: { 200: { description: 'Page of reports', schema: pageOf(reportView) }, ...badInput },
    handler: ({ deps, actor, query }) => listReports(deps, actor, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/reporting/reports/:id/',
    access: access.staff('staff.read'),
    summary: 'One generated report with its progress',
    tags,
    responses: { 200: { description: 'The report', schema: reportView }, ...notFoundDoc('report') },
    handler: ({ deps, actor, params }) => getReport(deps, actor, { id: params.id }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/reporting/reports/:id/download_report/',
    access: access.staff('staff.read'),
    summary: "The report's file again, as it was written (409 while it is being written or when it failed)",
    tags,
    responses: {
      200: { description: 'text/csv or XLSX, as an attachment', contentType: 'application/octet-stream' },
      ...notFoundDoc('report'),
      ...refusedDoc('Not written yet, or failed (Czech reason)'),
    },
    handler: async ({ deps, actor, params, res }) => {
      const file = await downloadReport(deps, actor, { id: params.id });
      await sendFile(res, file);
      return undefined;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/dashboard/portfolio/',
    access: access.staff('staff.read'),
    summary: "The dashboard's portfolio: the latest snapshot's figures and the 12-month trend",
    tags: ['dashboard'],
    responses: { 200: { description: 'Portfolio figures', schema: dashboardPortfolioSchema } },
    handler: ({ deps, actor }) => dashboardPortfolio(deps, actor),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/dashboard/collections/',
    access: access.staff('staff.read'),
    summary: "The dashboard's collections: the queue by DPD bucket, deals in breach, promises due today, notices sent this week and prepared",
    tags: ['dashboard'],
    responses: { 200: { description: 'Collections figures', schema: dashboardCollectionsSchema } },
    handler: ({ deps, actor }) => dashboardCollections(deps, actor),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/dashboard/payments/',
    access: access.staff('staff.read'),
    summary: "The dashboard's payments: unpaired count and amount, the last statement imports, the last close of business",
    tags: ['dashboard'],
    responses: { 200: { description: 'Payments figures', schema: dashboardPaymentsSchema } },
    handler: ({ deps, actor }) => dashboardPayments(deps, actor),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/dashboard/pipeline/',
    access: access.staff('staff.read'),
    summary: "The dashboard's pipeline: leads by state and source, offers and conversion over 90 days",
    tags: ['dashboard'],
    responses: { 200: { description: 'Pipeline figures', schema: dashboardPipelineSchema } },
    handler: ({ deps, actor }) => dashboardPipeline(deps, actor),
  }),
];
