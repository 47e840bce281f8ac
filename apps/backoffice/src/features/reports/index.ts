// Public surface of the reports feature: its screen, loaded lazily by the router.
export { ReportsPage } from './ReportsPage';
