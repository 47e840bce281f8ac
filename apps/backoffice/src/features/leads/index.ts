// Public surface of the leads feature: its screens, loaded lazily by the router.
export { LeadsListPage } from './LeadsListPage';
export { LeadDetailPage } from './LeadDetailPage';
