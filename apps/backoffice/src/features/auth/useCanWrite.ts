import { useCurrentUser } from './api';

/**
 * False for the read-only role (VIEWER), whose writes the API refuses with 403: its screens
 * hide the buttons instead of offering actions that can only fail. True while unknown.
 */
export function useCanWrite(): boolean {
  const { data: user } = useCurrentUser();
  return user?.role !== 'VIEWER';
}
