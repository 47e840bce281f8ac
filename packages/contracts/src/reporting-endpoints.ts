import { list } from './endpoint-spec.ts';
import { cncbBatchRequest, cncbBatchView, dashboardCollections, dashboardPayments, dashboardPipeline, dashboardPortfolio, portfolioReport, reportView } from './reporting.ts';

/** Reporting (docs/decisions/0049, 0050; see endpoints.ts). A billing report's GET queues it (202) or finds the one it queued. */
export const reportingEndpoints = {
  'GET /api/v1/reporting/billing/claims-report/': { response: reportView },
  'GET /api/v1/reporting/billing/deal-states-report/': { response: reportView },
  'GET /api/v1/reporting/billing/payment-allocations-report/': { response: reportView },
  'GET /api/v1/reporting/billing/payments-report/': { response: reportView },
  'GET /api/v1/reporting/portfolio/report/': { response: portfolioReport },
  'GET /api/v1/reporting/reports/': list(reportView),
  'GET /api/v1/reporting/reports/{id}/': { response: reportView },
  'GET /api/v1/reporting/reports/{id}/download_report/': { file: true as const },
  'GET /api/v1/reporting/cncb/batch/': list(cncbBatchView),
  'POST /api/v1/reporting/cncb/batch/': { body: cncbBatchRequest, response: cncbBatchView },
  'GET /api/v1/reporting/cncb/batch/{id}/': { response: cncbBatchView },
  'GET /api/v1/reporting/cncb/batch/{id}/deal-report/': { file: true as const },
  'GET /api/v1/reporting/cncb/batch/{id}/person-report/': { file: true as const },
  'POST /api/v1/reporting/repi/{id}/repi-report/': { response: cncbBatchView },
  'GET /api/v1/dashboard/portfolio/': { response: dashboardPortfolio },
  'GET /api/v1/dashboard/collections/': { response: dashboardCollections },
  'GET /api/v1/dashboard/payments/': { response: dashboardPayments },
  'GET /api/v1/dashboard/pipeline/': { response: dashboardPipeline },
};
