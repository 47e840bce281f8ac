// Public surface of the dashboard feature: its page, the router's landing page. The page loads its
// sections (DashboardSections.tsx) and they their charts (Chart.tsx, with uPlot) as chunks of their own.
export { DashboardPage } from './DashboardPage';
