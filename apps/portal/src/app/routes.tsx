import { Route, Routes } from 'react-router-dom';
import { paths } from '../features/application/logic';
import { Layout } from './Layout';
import { lazyPage } from './lazy';

// Every page is its own chunk (portal.md §4): the Crossroad stays light, zod and
// libphonenumber arrive only with the form steps.
const CrossroadPage = lazyPage(() => import('../features/crossroad/CrossroadPage'));
const LoanValuePage = lazyPage(() => import('../features/loan-application/LoanValuePage'));
const PersonDataPage = lazyPage(() => import('../features/loan-application/PersonDataPage'));
const CoverPage = lazyPage(() => import('../features/loan-application/CoverPage'));
const DocumentsPage = lazyPage(() => import('../features/documents/DocumentsPage'));
const ThankYouPage = lazyPage(() => import('../features/thank-you/ThankYouPage'));
const NotFoundPage = lazyPage(() => import('../features/not-found/NotFoundPage'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<CrossroadPage />} />
        <Route path={paths.loanValue} element={<LoanValuePage />} />
        <Route path={paths.personData} element={<PersonDataPage />} />
        <Route path={paths.cover} element={<CoverPage />} />
        <Route path={paths.documents} element={<DocumentsPage />} />
        <Route path={paths.thankYou} element={<ThankYouPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
