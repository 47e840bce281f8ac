import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { clearTokens, getTokens } from '../../shared/session';
import { revokeRefreshToken } from './api';

export function useLogout() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  return useCallback(async () => {
    const tokens = getTokens();
    try {
      if (tokens) await revokeRefreshToken(tokens.refresh);
    } catch {
      // Revoking on the server is best effort: the local session ends either way.
    }
    clearTokens();
    // Nothing fetched for this user may be shown to the next one.
    await mutate(() => true, undefined, { revalidate: false });
    navigate('/login', { replace: true });
  }, [mutate, navigate]);
}
