import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { clearTokens, getTokens, type SessionEndReason } from '../../shared/session';
import { revokeAllSessions, revokeSession } from './api';

/**
 * Signs out: this browser's session (`logout`, `idle`), or every session of the user
 * (`everywhere`); every tab of the browser follows, and the login page says why.
 */
export function useLogout() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  return useCallback(
    async (reason: Exclude<SessionEndReason, 'expired'> = 'logout') => {
      try {
        if (getTokens()) await (reason === 'everywhere' ? revokeAllSessions() : revokeSession());
      } catch {
        // Revoking on the server is best effort: the local session ends either way.
      }
      clearTokens(reason);
      // Nothing fetched for this user may be shown to the next one.
      await mutate(() => true, undefined, { revalidate: false });
      navigate('/login', { replace: true, state: { ended: reason } });
    },
    [mutate, navigate],
  );
}
