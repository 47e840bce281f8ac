// Public surface of the realties feature: its screens (realties, purchased properties, realty
// groups at the top level), loaded lazily by the router.
export { RealtiesListPage } from './RealtiesListPage';
export { RealtyDetailPage } from './RealtyDetailPage';
export { PurchasedListPage } from './PurchasedListPage';
export { PurchasedCreatePage } from './PurchasedCreatePage';
export { PurchasedDetailPage } from './PurchasedDetailPage';
export { RealtyGroupsListPage } from './RealtyGroupsListPage';
export { RealtyGroupDetailPage } from './RealtyGroupDetailPage';
