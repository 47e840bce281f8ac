// Public surface of the deals feature: its screens, loaded lazily by the router.
export { DealsListPage } from './DealsListPage';
export { DealDetailPage } from './DealDetailPage';
export { CloseOfBusinessPage } from './CloseOfBusinessPage';
