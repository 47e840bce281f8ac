import { useSyncExternalStore } from 'react';
import { getSessionSnapshot, subscribeToSession } from '../../shared/session';

/** True while a token pair is stored; re-renders when the session starts or ends. */
export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(subscribeToSession, getSessionSnapshot, () => null) !== null;
}
