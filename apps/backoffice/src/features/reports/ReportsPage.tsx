import { useCurrentUser } from '../../shared/current-user';
import { PageHeader } from '../../shared/ui/Layout';
import { BillingReports } from './BillingReports';
import { CreditRegister } from './CreditRegister';
import { PortfolioReport } from './PortfolioReport';
import './reports.css';

/**
 * "Reporty" (SERVICING.md §9): the billing reports (made as files by a job, listed by type and
 * downloadable again), the portfolio report and the credit register's monthly batches. Every staff
 * role reads and downloads; making reports takes `reports.generate`, register batches `reports.register`.
 */
export function ReportsPage() {
  const { data: me } = useCurrentUser();
  // Shown once the role is known, so a VIEWER never sees a form flash up and go.
  const holds = (permission: 'reports.generate' | 'reports.register') => me?.permissions.includes(permission) ?? false;
  return (
    <>
      <PageHeader title="Reporty" />
      <BillingReports canGenerate={holds('reports.generate')} />
      <PortfolioReport />
      <CreditRegister canRegister={holds('reports.register')} />
    </>
  );
}
