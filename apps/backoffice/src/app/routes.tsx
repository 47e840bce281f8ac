import type { RouteObject } from 'react-router-dom';
import { LoginPage, RequireAuth } from '../features/auth';
import { DashboardPage } from '../features/dashboard';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { Loading } from '@lending/ui';
import { Layout } from './Layout';
import { RouteError } from './RouteError';

// Each feature is its own chunk, fetched the first time one of its screens opens. The dashboard's
// page is the landing page and stays in the first load; its sections (with the contracts' enums)
// and its charts (with uPlot) are chunks it loads itself (scripts/bundle-size.mjs checks the budget).
const leads = () => import('../features/leads');
const persons = () => import('../features/persons');
const deals = () => import('../features/deals');
const payments = () => import('../features/payments');
const admin = () => import('../features/admin');
const approvals = () => import('../features/approvals');
const collections = () => import('../features/collections');
const reports = () => import('../features/reports');
const realties = () => import('../features/realties');
const titleDeeds = () => import('../features/title-deeds');

/** Paths are relative to the router basename "/admin/". */
export const routes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  {
    element: (
      <RequireAuth>
        <Layout />
      </RequireAuth>
    ),
    hydrateFallbackElement: <Loading />,
    // A failing screen keeps the layout (its own errorElement); this catches the layout itself.
    errorElement: (
      <main className="content">
        <RouteError />
      </main>
    ),
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'leads', errorElement: <RouteError />, lazy: async () => ({ Component: (await leads()).LeadsListPage }) },
      { path: 'leads/:id', errorElement: <RouteError />, lazy: async () => ({ Component: (await leads()).LeadDetailPage }) },
      { path: 'persons', errorElement: <RouteError />, lazy: async () => ({ Component: (await persons()).PersonsListPage }) },
      { path: 'persons/:id', errorElement: <RouteError />, lazy: async () => ({ Component: (await persons()).PersonDetailPage }) },
      { path: 'deals', errorElement: <RouteError />, lazy: async () => ({ Component: (await deals()).DealsListPage }) },
      { path: 'deals/:id', errorElement: <RouteError />, lazy: async () => ({ Component: (await deals()).DealDetailPage }) },
      { path: 'payments', errorElement: <RouteError />, lazy: async () => ({ Component: (await payments()).PaymentsPage }) },
      { path: 'close-of-business', errorElement: <RouteError />, lazy: async () => ({ Component: (await deals()).CloseOfBusinessPage }) },
      { path: 'collections', errorElement: <RouteError />, lazy: async () => ({ Component: (await collections()).CollectionsQueuePage }) },
      { path: 'notifications', errorElement: <RouteError />, lazy: async () => ({ Component: (await collections()).NotificationsPage }) },
      { path: 'reports', errorElement: <RouteError />, lazy: async () => ({ Component: (await reports()).ReportsPage }) },
      { path: 'realties', errorElement: <RouteError />, lazy: async () => ({ Component: (await realties()).RealtiesListPage }) },
      { path: 'realties/purchased', errorElement: <RouteError />, lazy: async () => ({ Component: (await realties()).PurchasedListPage }) },
      { path: 'realties/purchased/new', errorElement: <RouteError />, lazy: async () => ({ Component: (await realties()).PurchasedCreatePage }) },
      { path: 'realties/purchased/:id', errorElement: <RouteError />, lazy: async () => ({ Component: (await realties()).PurchasedDetailPage }) },
      { path: 'realties/:id', errorElement: <RouteError />, lazy: async () => ({ Component: (await realties()).RealtyDetailPage }) },
      { path: 'realty-groups', errorElement: <RouteError />, lazy: async () => ({ Component: (await realties()).RealtyGroupsListPage }) },
      { path: 'realty-groups/:id', errorElement: <RouteError />, lazy: async () => ({ Component: (await realties()).RealtyGroupDetailPage }) },
      { path: 'title-deeds', errorElement: <RouteError />, lazy: async () => ({ Component: (await titleDeeds()).TitleDeedsListPage }) },
      { path: 'title-deeds/order', errorElement: <RouteError />, lazy: async () => ({ Component: (await titleDeeds()).TitleDeedOrderPage }) },
      { path: 'title-deeds/:id', errorElement: <RouteError />, lazy: async () => ({ Component: (await titleDeeds()).TitleDeedDetailPage }) },
      { path: 'approvals', errorElement: <RouteError />, lazy: async () => ({ Component: (await approvals()).ApprovalsPage }) },
      { path: 'roles', errorElement: <RouteError />, lazy: async () => ({ Component: (await admin()).RolesPage }) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
