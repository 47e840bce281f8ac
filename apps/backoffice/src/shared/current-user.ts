import type { Permission } from '@lending/contracts';
import { AUTH_PATHS, useApi } from './api';

/**
 * Who is signed in (GET /auth/me/). Every feature asks (the layout's bar, who may write, whose
 * note or import this is), so it lives here and not in the auth feature, which only signs in and out.
 */
export function useCurrentUser() {
  return useApi(AUTH_PATHS.me);
}

/**
 * What the signed-in role may do (GET /auth/me/ lists its permissions, contracts/permissions.ts):
 * screens show and enable only that, instead of offering actions the API would refuse with 403.
 * Everything is allowed while unknown (the API still decides).
 */
export function usePermissions(): (permission: Permission) => boolean {
  const { data: user } = useCurrentUser();
  return (permission) => !user || user.permissions.includes(permission);
}

/** Whether the signed-in role holds `permission` (see usePermissions). */
export function useMay(permission: Permission): boolean {
  return usePermissions()(permission);
}

/**
 * Whether the signed-in role holds `permission`, false while the user is unknown: for actions
 * that must never flash up for a role that lacks them (ordering a paid title-deed extract).
 */
export function useHolds(): (permission: Permission) => boolean {
  const { data: user } = useCurrentUser();
  return (permission) => user?.permissions.includes(permission) ?? false;
}
