// Public surface of the persons feature: its screens, loaded lazily by the router.
export { PersonsListPage } from './PersonsListPage';
export { PersonDetailPage } from './PersonDetailPage';
