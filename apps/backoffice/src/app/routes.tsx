import type { RouteObject } from 'react-router-dom';
import { LoginPage, RequireAuth } from '../features/auth';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { Layout } from './Layout';

/** Paths are relative to the router basename "/admin/". */
export const routes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  {
    element: (
      <RequireAuth>
        <Layout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <DashboardPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
