import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { getSessionEndReason } from '../../shared/session';
import { useIsAuthenticated } from './useSession';

export interface LoginRedirectState {
  /** Where to go back after signing in (path and query). */
  from?: string;
  /** The session ran out (refresh refused), as opposed to never having started. */
  expired?: boolean;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useIsAuthenticated();
  const location = useLocation();

  if (!isAuthenticated) {
    const state: LoginRedirectState = {
      from: location.pathname + location.search,
      expired: getSessionEndReason() === 'expired' || undefined,
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}
