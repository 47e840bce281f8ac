// Public surface of the title deeds feature: its screens, loaded lazily by the router.
export { TitleDeedsListPage } from './TitleDeedsListPage';
export { TitleDeedOrderPage } from './TitleDeedOrderPage';
export { TitleDeedDetailPage } from './TitleDeedDetailPage';
