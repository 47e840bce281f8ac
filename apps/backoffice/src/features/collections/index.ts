// Public surface of the collections feature: its screens, loaded lazily by the router.
export { CollectionsQueuePage } from './CollectionsQueuePage';
export { NotificationsPage } from './NotificationsPage';
