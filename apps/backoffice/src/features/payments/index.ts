// Public surface of the payments feature: its screen, loaded lazily by the router.
export { PaymentsPage } from './PaymentsPage';
