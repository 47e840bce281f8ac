import type { RouteObject } from 'react-router-dom';
import { CrossroadPage } from '../features/crossroad/CrossroadPage';
import { LoanValuePage } from '../features/loan-application/LoanValuePage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { Layout } from './Layout';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <CrossroadPage /> },
      { path: 'vyse-pujcky', element: <LoanValuePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
