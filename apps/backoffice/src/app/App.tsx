import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { routes } from './routes';

// With the trailing slash the dashboard's URL is /admin/, the same path the API serves
// the build at; with "/admin" React Router would link to /admin, which needs a redirect.
const router = createBrowserRouter(routes, { basename: '/admin/' });

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
