import { useApi } from '../../shared/api';

// The dashboard's figures (ours, not in the spec; packages/contracts/src/reporting.ts): one call
// per section, each a few index reads on the API's side. A section asks only when it is shown, so
// a role never loads figures it does not see.

export function useDashboardPortfolio() {
  return useApi('/api/v1/dashboard/portfolio/');
}

export function useDashboardCollections() {
  return useApi('/api/v1/dashboard/collections/');
}

export function useDashboardPayments() {
  return useApi('/api/v1/dashboard/payments/');
}

export function useDashboardPipeline() {
  return useApi('/api/v1/dashboard/pipeline/');
}
