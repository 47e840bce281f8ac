import { Route, Routes } from 'react-router-dom';
import { paths } from '../shared/application/logic';
import { Layout } from './Layout';
import { lazyPage } from './lazy';
import { pageImports } from './pages';

// Every page is its own chunk (portal.md §4): the Crossroad stays light, zod and
// libphonenumber arrive only with the form steps (preloaded while the page before is read).
const CrossroadPage = lazyPage(pageImports.crossroad);
const LoanValuePage = lazyPage(pageImports.loanValue);
const PersonDataPage = lazyPage(pageImports.personData);
const CoverPage = lazyPage(pageImports.cover);
const DocumentsPage = lazyPage(pageImports.documents);
const ThankYouPage = lazyPage(pageImports.thankYou);
const NotFoundPage = lazyPage(pageImports.notFound);

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
