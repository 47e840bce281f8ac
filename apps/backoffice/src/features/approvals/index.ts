// Public surface of the approvals feature: its screen, loaded lazily by the router. The
// navigation's count is imported by the layout from ./nav-count directly (not from here), so
// that the screen stays out of the first load.
export { ApprovalsPage } from './ApprovalsPage';
