import { AUTH_PATHS, useApi } from './api';

/**
 * Who is signed in (GET /auth/me/). Every feature asks (the layout's bar, who may write, whose
 * note or import this is), so it lives here and not in the auth feature, which only signs in and out.
 */
export function useCurrentUser() {
  return useApi(AUTH_PATHS.me);
}

/**
 * False for the read-only role (VIEWER), whose writes the API refuses with 403: its screens
 * hide the buttons instead of offering actions that can only fail. True while unknown.
 */
export function useCanWrite(): boolean {
  const { data: user } = useCurrentUser();
  return user?.role !== 'VIEWER';
}
