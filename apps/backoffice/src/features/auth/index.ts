// Public surface of the auth feature, for the app shell (routes, layout). Features take who is
// signed in from shared/current-user, never from here (one feature does not import another).
export { CurrentUserBar } from './CurrentUserBar';
export { LoginPage } from './LoginPage';
export { RequireAuth } from './RequireAuth';
export { useIsAuthenticated } from './useSession';
