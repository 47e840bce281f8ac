import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Loading } from '@lending/ui';
import { resumeSession } from '../../shared/api';
import { getSessionEndReason, type SessionEndReason } from '../../shared/session';
import { IdleSignOut } from './IdleSignOut';
import { useIsAuthenticated } from './useSession';

export interface LoginRedirectState {
  /** Where to go back after signing in (path and query). */
  from?: string;
  /** Why the session ended (the login page says it): expired, idle, signed out everywhere. */
  ended?: SessionEndReason;
}

/**
 * The signed-in part of the back-office. A page opened without a token in memory (a new tab, a
 * reload) first asks for one with the session cookie (ROLES.md §3); only when there is none does
 * it go to the login, which brings the user back here afterwards.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isAuthenticated = useIsAuthenticated();
  const location = useLocation();
  const [resume, setResume] = useState<'trying' | 'failed'>('trying');

  useEffect(() => {
    // A session that ended in this page (signed out, expired, idle) is not resumed: its cookie went with it.
    if (isAuthenticated || getSessionEndReason() !== null) return;
    let current = true;
    void resumeSession().then((resumed) => {
      if (current && !resumed) setResume('failed');
    });
    return () => {
      current = false;
    };
  }, [isAuthenticated]);

  if (!isAuthenticated) {
    const reason = getSessionEndReason();
    if (resume === 'trying' && reason === null) return <Loading />;
    const state: LoginRedirectState = { from: location.pathname + location.search, ended: reason && reason !== 'logout' ? reason : undefined };
    return <Navigate to="/login" replace state={state} />;
  }
  return (
    <>
      {children}
      <IdleSignOut />
    </>
  );
}
