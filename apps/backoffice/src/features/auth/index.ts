// Public surface of the auth feature; other layers import only from here.
export { CurrentUserBar } from './CurrentUserBar';
export { LoginPage } from './LoginPage';
export { RequireAuth } from './RequireAuth';
export { useIsAuthenticated } from './useSession';
export { useCanWrite } from './useCanWrite';
export type { CurrentUser } from './api';
